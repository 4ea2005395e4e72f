import Foundation
import Synchronization

/// A console that records everything, for tests.
public final class CapturingConsole: Console, Sendable {
    private struct Streams {
        var out = ""
        var err = ""
        var input: [String]
    }

    private let streams: Mutex<Streams>
    public let stdinIsTerminal: Bool
    public let stdoutIsTerminal: Bool
    public let stderrIsTerminal: Bool

    public init(input: [String] = [], terminal: Bool = false) {
        streams = Mutex(Streams(input: input))
        stdinIsTerminal = terminal
        stdoutIsTerminal = terminal
        stderrIsTerminal = terminal
    }

    public var out: String { streams.withLock { $0.out } }
    public var err: String { streams.withLock { $0.err } }

    public func writeOut(_ text: String) { streams.withLock { $0.out += text } }
    public func writeErr(_ text: String) { streams.withLock { $0.err += text } }
    public func readLine() -> String? {
        streams.withLock { $0.input.isEmpty ? nil : $0.input.removeFirst() }
    }
}
