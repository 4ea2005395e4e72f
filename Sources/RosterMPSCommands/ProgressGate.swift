import Foundation
import RosterCLI

/// Apply's standard error while the plan is being printed: the engine may already be sending,
/// and its lines (progress, and with `--verbose` the request and phase logs) are held until the
/// whole plan is out, then passed straight through. Until ``hold()`` it passes everything on.
final class ProgressGate: Console, @unchecked Sendable {
    private let base: any Console
    private let lock = NSLock()
    private var held: [String] = []
    private var holding = false

    init(_ base: any Console) {
        self.base = base
    }

    func writeOut(_ text: String) { base.writeOut(text) }

    func writeErr(_ text: String) {
        lock.lock()
        defer { lock.unlock() }
        if holding { held.append(text) } else { base.writeErr(text) }
    }

    /// Holds standard error from now until ``open()``.
    func hold() {
        lock.withLock { holding = true }
    }

    /// Writes what was held and lets later lines through.
    func open() {
        lock.lock()
        defer { lock.unlock() }
        holding = false
        for text in held { base.writeErr(text) }
        held = []
    }

    func readLine() -> String? { base.readLine() }
    var stdinIsTerminal: Bool { base.stdinIsTerminal }
    var stdoutIsTerminal: Bool { base.stdoutIsTerminal }
    var stderrIsTerminal: Bool { base.stderrIsTerminal }
    var stdoutClosed: Bool { base.stdoutClosed }
}
