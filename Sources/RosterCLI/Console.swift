import Foundation

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
}

/// The process's standard streams.
public final class StandardConsole: Console, @unchecked Sendable {
    public init() {}

    public func writeOut(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    public func writeErr(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    public var stdinIsTerminal: Bool { isatty(0) == 1 }
    public var stdoutIsTerminal: Bool { isatty(1) == 1 }
    public var stderrIsTerminal: Bool { isatty(2) == 1 }
}

/// A console that records everything, for tests.
public final class CapturingConsole: Console, @unchecked Sendable {
    private let lock = NSLock()
    private var _out = ""
    private var _err = ""
    private var input: [String]
    public let stdinIsTerminal: Bool
    public let stdoutIsTerminal: Bool
    public let stderrIsTerminal: Bool

    public init(input: [String] = [], terminal: Bool = false) {
        self.input = input
        stdinIsTerminal = terminal
        stdoutIsTerminal = terminal
        stderrIsTerminal = terminal
    }

    public var out: String { lock.withLock { _out } }
    public var err: String { lock.withLock { _err } }

    public func writeOut(_ text: String) { lock.withLock { _out += text } }
    public func writeErr(_ text: String) { lock.withLock { _err += text } }
    public func readLine() -> String? {
        lock.withLock { input.isEmpty ? nil : input.removeFirst() }
    }
}
