import Foundation

/// With `--verbose`, how long each phase of a command took (load, read, plan, apply, verify),
/// beside the request log: the first place to look when a run is slow.
struct PhaseLog: Sendable {
    let trace: (@Sendable (String) -> Void)?
    /// The first phase log's creation, early in the command: the "since start" figures.
    private static let started = Date()

    init(_ log: SessionLog) {
        trace = log.trace
        _ = Self.started
    }

    /// Logs `what` with the milliseconds since `since` (a time from ``now``).
    func log(_ what: String, since: Date) {
        guard let trace else { return }
        let ms = Int((Date().timeIntervalSince(since) * 1000).rounded())
        let total = Int((Date().timeIntervalSince(Self.started) * 1000).rounded())
        trace("\(what) in \(ms) ms (\(total) ms since start)")
    }

    var now: Date { Date() }
}
