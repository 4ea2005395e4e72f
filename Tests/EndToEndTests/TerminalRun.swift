import Foundation
import RosterTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the built `roster` on a pseudo-terminal (standard input, output and error all the
/// terminal), types `answer` when it asks for approval, and returns what it showed.
enum TerminalRun {
    static let prompt = "Type \"yes\" to continue:"

    static func run(
        _ arguments: [String], answer: String? = nil, environment: [String: String] = [:], timeout: TimeInterval = 120
    ) throws -> RosterBinary.Result {
        var primary: Int32 = 0, secondary: Int32 = 0
        guard openpty(&primary, &secondary, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RosterBinary.path)
        process.arguments = arguments
        process.environment = RosterBinary.environment(environment)
        process.currentDirectoryURL = TestSupport.packageRoot
        let terminal = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        try? terminal.close()
        let output = readUntilClosed(primary, answer: answer, deadline: Date().addingTimeInterval(timeout))
        close(primary)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return RosterBinary.Result(code: process.terminationStatus, stdout: output, stderr: "")
    }

    /// What the terminal shows until the program closes it (Linux reports EIO), answering the prompt once.
    private static func readUntilClosed(_ fd: Int32, answer: String?, deadline: Date) -> String {
        var output = Data()
        var answered = answer == nil
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[..<count])
            if !answered, let answer, String(decoding: output, as: UTF8.self).contains(prompt) {
                _ = (answer + "\n").withCString { write(fd, $0, strlen($0)) }
                answered = true
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
