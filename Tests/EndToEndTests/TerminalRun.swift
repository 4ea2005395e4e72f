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
        try run(arguments, answers: answer.map { [$0] } ?? [], environment: environment, timeout: timeout)
    }

    /// Runs `roster` on a terminal and answers its prompts in turn; `beforeAnswer` runs when the
    /// n-th prompt (from 0) is on screen and before it is answered, as a person who waits would.
    static func run(
        _ arguments: [String], answers: [String], beforeAnswer: (Int) throws -> Void = { _ in },
        environment: [String: String] = [:], timeout: TimeInterval = 120
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
        let output = try readUntilClosed(
            primary, answers: answers, beforeAnswer: beforeAnswer, deadline: Date().addingTimeInterval(timeout))
        close(primary)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return RosterBinary.Result(code: process.terminationStatus, stdout: output, stderr: "")
    }

    /// What the terminal shows until the program closes it (Linux reports EIO), answering each
    /// prompt once, in turn.
    private static func readUntilClosed(
        _ fd: Int32, answers: [String], beforeAnswer: (Int) throws -> Void, deadline: Date
    ) throws -> String {
        var output = Data()
        var answered = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) >= 0 else { break }
            if poller.revents == 0 { continue }
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            output.append(contentsOf: buffer[..<count])
            let prompts = String(decoding: output, as: UTF8.self).components(separatedBy: prompt).count - 1
            if answered < answers.count, prompts > answered {
                try beforeAnswer(answered)
                _ = (answers[answered] + "\n").withCString { write(fd, $0, strlen($0)) }
                answered += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
