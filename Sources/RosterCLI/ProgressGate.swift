import Synchronization

/// Apply's standard error while the plan is being printed: the engine may already be sending,
/// and its lines (progress, and with `--verbose` the request and phase logs) are held until the
/// whole plan is out, then passed straight through. Until ``hold()`` it passes everything on.
final class ProgressGate: Console, Sendable {
    private let base: any Console
    /// The lines held back, while holding; nil when lines pass straight through.
    private let held = Mutex<[String]?>(nil)

    init(_ base: any Console) {
        self.base = base
    }

    func writeOut(_ text: String) { base.writeOut(text) }

    func writeErr(_ text: String) {
        held.withLock { held in
            if held != nil { held?.append(text) } else { base.writeErr(text) }
        }
    }

    /// Holds standard error from now until ``open()``.
    func hold() {
        held.withLock { held in if held == nil { held = [] } }
    }

    /// Writes what was held and lets later lines through.
    func open() {
        held.withLock { held in
            for text in held ?? [] { base.writeErr(text) }
            held = nil
        }
    }

    func readLine() -> String? { base.readLine() }
    var stdinIsTerminal: Bool { base.stdinIsTerminal }
    var stdoutIsTerminal: Bool { base.stdoutIsTerminal }
    var stderrIsTerminal: Bool { base.stderrIsTerminal }
    var stdoutClosed: Bool { base.stdoutClosed }
}
