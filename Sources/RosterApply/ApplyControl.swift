import RosterReconcile
import Synchronization

/// How a command steers a running apply from outside: a request to stop (an interrupt), and
/// what is in flight at this moment, so a second interrupt can say what may be half done.
/// Thread-safe: signal handlers and the engine's tasks use it at once.
package final class ApplyControl: Sendable {
    private let state = Mutex(State())

    private struct State {
        var stopRequests = 0
        /// By ticket: the step and the positions in it of a document's operations. They are
        /// described only when asked (an interrupt), not for every document sent.
        var inFlight: [Int: (step: [PlanOperation], operations: [Int])] = [:]
        var nextTicket = 0
    }

    package init() {}

    /// Stop sending: documents in flight are waited for, nothing new goes out. Returns how
    /// many times a stop has now been asked for.
    @discardableResult
    package func requestStop() -> Int {
        state.withLock { state in
            state.stopRequests += 1
            return state.stopRequests
        }
    }

    var stopRequested: Bool { state.withLock { $0.stopRequests > 0 } }

    /// The operations of every document in flight, described for a person.
    package var inFlight: [String] {
        state.withLock { state in
            state.inFlight.sorted { $0.key < $1.key }.flatMap { _, document in
                document.operations.map { ReportWording.subject(document.step[$0]) }
            }
        }
    }

    func began(_ operations: [Int], of step: [PlanOperation]) -> Int {
        state.withLock { state in
            state.nextTicket += 1
            state.inFlight[state.nextTicket] = (step, operations)
            return state.nextTicket
        }
    }

    func ended(_ ticket: Int) { _ = state.withLock { $0.inFlight.removeValue(forKey: ticket) } }
}
