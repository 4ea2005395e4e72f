import Foundation
import Synchronization

@testable import RosterCLI

/// A console that records everything, for tests.
final class CapturingConsole: Console, Sendable {
    private struct Streams {
        var out = ""
        var err = ""
        var input: [String]
    }

    private let streams: Mutex<Streams>
    let stdinIsTerminal: Bool
    let stdoutIsTerminal: Bool
    let stderrIsTerminal: Bool

    init(input: [String] = [], terminal: Bool = false) {
        streams = Mutex(Streams(input: input))
        stdinIsTerminal = terminal
        stdoutIsTerminal = terminal
        stderrIsTerminal = terminal
    }

    var out: String { streams.withLock { $0.out } }
    var err: String { streams.withLock { $0.err } }

    func writeOut(_ text: String) { streams.withLock { $0.out += text } }
    func writeErr(_ text: String) { streams.withLock { $0.err += text } }
    func readLine() -> String? {
        streams.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }
}
