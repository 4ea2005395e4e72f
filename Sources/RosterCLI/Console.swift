import Synchronization

/// Where a command's output goes. The executable uses the process's standard streams; tests
/// capture the text.
package protocol Console: AnyObject, Sendable {
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
    var stdoutClosed: Bool { false }
}
