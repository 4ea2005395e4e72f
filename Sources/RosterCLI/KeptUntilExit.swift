import Synchronization

/// Values a command hands over so that the process's exit releases them, not the command.
///
/// roster's one fast path for teardown: a loaded roster of 100,000 people is hundreds of thousands
/// of small allocations, and freeing them one at a time is a share of `validate`'s time a user
/// notices (README, Performance), while the exit returns the whole heap at once. `apply` hands
/// over its roster, plan and report the same way. The process's context holds one for its whole
/// life; a test's context frees its own like any other value.
package final class KeptUntilExit: Sendable {
    private let values = Mutex<[any Sendable]>([])

    package init() {}

    /// Keeps `value` alive until the owner of this instance goes away.
    package func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
