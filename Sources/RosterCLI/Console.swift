import Foundation
import Synchronization

/// Where a command's output goes. The executable uses the process's standard streams; tests
/// capture the text.
public protocol Console: AnyObject, Sendable {
    func writeOut(_ text: String)
    func writeErr(_ text: String)
    /// One line of standard input without its newline; nil at end of input.
    func readLine() -> String?
    var stdinIsTerminal: Bool { get }
    var stdoutIsTerminal: Bool { get }
    var stderrIsTerminal: Bool { get }
    /// Whether standard output was closed by its reader (`| head`, a pager quit): writing to it
    /// stopped, and what must still be said goes to standard error.
    var stdoutClosed: Bool { get }
}

extension Console {
    public var stdoutClosed: Bool { false }
}

/// The process's standard streams, written with `write(2)`: a reader that goes away (EPIPE;
/// the executables ignore SIGPIPE) closes the stream for good instead of ending the process.
public final class StandardConsole: Console, Sendable {
    private let closed = Mutex<Set<Int32>>([])

    public init() {}

    public func writeOut(_ text: String) { write(text, to: 1) }

    public func writeErr(_ text: String) { write(text, to: 2) }

    public var stdoutClosed: Bool { closed.withLock { $0.contains(1) } }

    private func write(_ text: String, to descriptor: Int32) {
        guard !closed.withLock({ $0.contains(descriptor) }) else { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                _ = closed.withLock { $0.insert(descriptor) }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    public var stdinIsTerminal: Bool { isatty(0) == 1 }
    public var stdoutIsTerminal: Bool { isatty(1) == 1 }
    public var stderrIsTerminal: Bool { isatty(2) == 1 }
}

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
