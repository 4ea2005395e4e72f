import Foundation
import RosterTestSupport
import Synchronization

/// A sandbox MPS server for end-to-end tests, started with `python3 -m sandbox`.
final class SandboxProcess {
    let process = Process()
    let url: String
    let token: String

    /// Starts a sandbox; `arguments` are extra options (`--no-seed`, `--test-hooks`).
    init(
        token: String = "e2e-token", owner: String = "u_8f3k2", name: String = "Jane Doe", arguments: [String] = []
    ) throws {
        self.token = token
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", "-m", "sandbox", "--port", "0", "--token", "\(token):\(owner):\(name)"] + arguments
        url = try Self.start(process)
    }

    /// Starts a server process from the package's root and returns the URL it prints first.
    static func start(_ process: Process) throws -> String {
        process.currentDirectoryURL = TestSupport.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let url = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard url.hasPrefix("http") else { throw SandboxError.didNotStart }
        return url
    }

    enum SandboxError: Error { case didNotStart, requestFailed(String) }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The environment that points `roster` at this sandbox with its token.
    var environment: [String: String] { ["MPS_ENDPOINT": url, "MPS_TOKEN": token] }

    /// POSTs JSON to a test hook (`state`, `faults`, `audit`).
    @discardableResult
    func hook(_ path: String, _ body: String) throws -> Data {
        try request(url.replacingOccurrences(of: "/graphql", with: "/__sandbox/\(path)"), body: body)
    }

    /// GETs a test hook's JSON (`stats`, `audit`).
    func read(_ path: String) throws -> [String: Any] {
        let data = try request(url.replacingOccurrences(of: "/graphql", with: "/__sandbox/\(path)"), body: nil)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Sends a GraphQL request as the sandbox's token, as another writer would.
    @discardableResult
    func graphql(_ query: String, variables: [String: Any] = [:]) throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let data = try request(url, body: String(decoding: body, as: UTF8.self), token: token)
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// Waits until no delayed or late request is still to run.
    func waitUntilNothingPending(timeout: TimeInterval = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while (try read("stats")["pending"] as? Int ?? 0) > 0 && Date() < deadline { usleep(50_000) }
    }

    private func request(_ address: String, body: String?, token: String? = nil) throws -> Data {
        try SandboxHTTP.exchange(address, body: body.map { Data($0.utf8) }, token: token)
    }
}

/// Runs the built `roster` binary and captures its output and exit code.
enum RosterBinary {
    static var path: String {
        ProcessInfo.processInfo.environment["ROSTER_BIN"]
            ?? TestSupport.packageRoot.appendingPathComponent(".build/debug/roster").path
    }

    struct Result {
        var code: Int32
        var stdout: String
        var stderr: String
    }

    /// The environment a run gets: the test's own without roster's variables and config, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in ["MPS_TOKEN", "MPS_ENDPOINT", "MPS_SPACE", "MPS_PROFILE", "GITHUB_ACTIONS", "NO_COLOR"] {
            env[key] = nil
        }
        env["XDG_CONFIG_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("roster-no-config").path
        env.merge(extra) { _, new in new }
        return env
    }

    /// Runs the binary; one still running after `timeout` seconds is killed, so a hang fails
    /// its test (killed by a signal, `code` is 128 + the signal) instead of stopping the suite.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, direct: Bool = false,
        timeout: TimeInterval = 300, directory: URL = TestSupport.packageRoot
    ) throws -> Result {
        let process = Process()
        if direct {
            process.executableURL = URL(fileURLWithPath: arguments[0])
            process.arguments = Array(arguments.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.environment = Self.environment(environment)
        process.currentDirectoryURL = directory
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let pid = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Standard error is drained on its own thread: read one pipe after the other and a child
        // that fills the second (a large plan on standard error) blocks, and so does the test.
        let errBox = Mutex(Data())
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            errBox.withLock { $0 = data }
            drained.signal()
        }
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let errData = errBox.withLock { $0 }
        process.waitUntilExit()
        watchdog.cancel()
        let code =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            code: code, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}
