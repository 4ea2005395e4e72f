import Foundation

/// With `--verbose`, how long each phase of a command took (load, read, plan, apply, verify),
/// on standard error beside the request log: the first place to look when a run is slow.
struct PhaseLog: Sendable {
    let console: (any Console)?
    /// The first phase log's creation, early in the command: the "since start" figures.
    private static let started = Date()

    init(verbose: Bool, _ context: CommandContext) {
        console = verbose ? context.console : nil
        _ = Self.started
    }

    /// Logs `what` with the milliseconds since `since` (a time from ``now``).
    func log(_ what: String, since: Date) {
        guard let console else { return }
        let ms = Int((Date().timeIntervalSince(since) * 1000).rounded())
        console.writeErr(
            "roster: \(what) in \(ms) ms (\(Int((Date().timeIntervalSince(Self.started) * 1000).rounded())) ms "
                + "since start)\n"
        )
    }

    var now: Date { Date() }
}
