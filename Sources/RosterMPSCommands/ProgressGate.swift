import Foundation
import RosterCLI

/// Holds apply's progress lines until the plan has been printed, then passes them straight
/// through: the engine may start while the plan is still being written.
final class ProgressGate: @unchecked Sendable {
    private let console: (any Console)?
    private let lock = NSLock()
    private var held: [String] = []
    private var isOpen = false

    init(console: (any Console)?) {
        self.console = console
    }

    func write(_ line: String) {
        guard let console else { return }
        lock.lock()
        defer { lock.unlock() }
        if isOpen { console.writeErr(line) } else { held.append(line) }
    }

    /// Writes what was held and lets later lines through.
    func open() {
        guard let console else { return }
        lock.lock()
        defer { lock.unlock() }
        isOpen = true
        for line in held { console.writeErr(line) }
        held = []
    }
}
