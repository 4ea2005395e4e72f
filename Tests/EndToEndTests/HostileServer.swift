import Foundation
import RosterTestSupport

/// One of the small servers of `Tests/Servers/hostile_server.py`, standing in for a hostile part of
/// a real network (a redirecting balancer, a stalled link, a huge answer, a TLS server, a proxy),
/// with the log of what reached it.
final class HostileServer {
    let process = Process()
    let url: String
    let log: URL

    init(_ mode: String, _ arguments: [String] = []) throws {
        log = ScratchFolder.url.appendingPathComponent("server-\(UUID().uuidString).log")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Tests/Servers/hostile_server.py", mode] + arguments + ["--log", log.path]
        url = try SandboxProcess.start(process)
    }

    /// Every event logged so far (`request`, `connection`, `handshake`, `proxy`, …).
    var events: [[String: Any]] { JSONLines.read(log) }

    /// Kills the server: it keeps no state worth a clean stop, and Foundation's `Process` may start
    /// it with SIGTERM blocked.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// A private certificate authority made with `openssl`, and server certificates it signs.
struct TestCA {
    let folder: URL
    var certificate: String { folder.appendingPathComponent("ca.pem").path }

    init() throws {
        folder = ScratchFolder.url.appendingPathComponent("ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.openssl(
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
                "-subj", "/CN=Roster Test CA",
            ], in: folder)
    }

    /// A certificate for `names` (DNS names or IP addresses), signed by this CA: (certificate, key).
    func issue(_ names: [String]) throws -> (String, String) {
        let id = UUID().uuidString
        let alternatives = names.map { $0.first?.isNumber == true ? "IP:\($0)" : "DNS:\($0)" }
        try "subjectAltName=\(alternatives.joined(separator: ","))\n".write(
            to: folder.appendingPathComponent("\(id).cnf"), atomically: true, encoding: .utf8)
        try Self.openssl(
            [
                "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(id).key", "-out", "\(id).csr", "-subj",
                "/CN=\(names[0])",
            ], in: folder)
        try Self.openssl(
            [
                "x509", "-req", "-in", "\(id).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "\(id).pem", "-days", "2", "-extfile", "\(id).cnf",
            ], in: folder)
        return (folder.appendingPathComponent("\(id).pem").path, folder.appendingPathComponent("\(id).key").path)
    }

    static func openssl(_ arguments: [String], in folder: URL) throws {
        let result = try RosterBinary.run(
            ["/usr/bin/env", "openssl"] + arguments, direct: true, timeout: 60, directory: folder)
        guard result.code == 0 else { throw SandboxProcess.SandboxError.requestFailed(result.stderr) }
    }
}
