import Foundation
import RosterTestSupport
import Testing

/// The network as it is outside loopback, each part played by a small server of the test's own:
/// redirects to other origins, stalled links, huge answers, TLS with private and untrusted
/// certificates, proxies. The token must reach only the endpoint's origin, every request ends by
/// its deadline, and memory stays bounded.
@Suite(.serialized, .scratchFolder) struct NetworkEndToEndTests {
    /// No proxy unless a test sets one, whatever the machine running the tests has.
    static let noProxy = ["https_proxy": "", "HTTPS_PROXY": "", "http_proxy": "", "all_proxy": "", "ALL_PROXY": ""]

    func env(_ endpoint: String, _ extra: [String: String] = [:]) -> [String: String] {
        Self.noProxy.merging(["MPS_ENDPOINT": endpoint, "MPS_TOKEN": "net-token"]) { _, new in new }
            .merging(extra) { _, new in new }
    }

    func tokens(_ server: HostileServer) -> [String] {
        server.events.compactMap { $0["authorization"] as? String }
    }

    @Test(arguments: [301, 302, 303, 307, 308])
    func aRedirectToAnotherOriginIsRefusedAndNeverCarriesTheToken(_ code: Int) throws {
        let elsewhere = try HostileServer("record")
        defer { elsewhere.stop() }
        let balancer = try HostileServer("redirect", ["\(code)", elsewhere.url])
        defer { balancer.stop() }
        for command in [["plan", "examples/acme.yaml"], ["auth", "status"]] {
            let result = try RosterBinary.run(command, environment: env(balancer.url), timeout: 60)
            #expect(result.code == 1, "\(command): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains("redirected to \(elsewhere.url); set --endpoint to the final URL"),
                "\(command): \(result.stderr)")
        }
        #expect(tokens(balancer).allSatisfy { $0 == "Bearer net-token" } && !tokens(balancer).isEmpty)
        #expect(elsewhere.events.isEmpty, "the other origin was sent \(elsewhere.events)")
    }

    @Test func aDrippingServerEndsAtTheDeadline() throws {
        let server = try HostileServer("drip")
        defer { server.stop() }
        let started = Date()
        let result = try RosterBinary.run(
            ["plan", "--timeout", "3", "examples/acme.yaml"], environment: env(server.url), timeout: 60)
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr.contains("took longer than 3 s"), "\(result.stderr)")
        #expect(elapsed < 8, "plan ran \(elapsed) s with --timeout 3")
    }

    @Test(arguments: [true, false])
    func aHugeAnswerIsRefusedWithMemoryBounded(_ withLength: Bool) throws {
        let server = try HostileServer("huge", ["\(1 << 30)"] + (withLength ? ["--length"] : []))
        defer { server.stop() }
        let peakFile = ScratchFolder.url.appendingPathComponent("peak-\(withLength)")
        let result = try RosterBinary.run(
            [
                "/usr/bin/env", "python3", "Tests/Servers/peak_memory.py", peakFile.path, RosterBinary.path, "plan",
                "examples/acme.yaml",
            ], environment: env(server.url), direct: true, timeout: 120)
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is larger than 256 MB"), "\(result.stderr)")
        let peakMB = (Int(try String(contentsOf: peakFile, encoding: .utf8)) ?? .max) / 1024
        #expect(peakMB < 400, "peak memory \(peakMB) MB for a refused 1 GiB answer")
        #expect(server.events.count == 1, "a refused answer is not asked for again: \(server.events)")
        let small = try RosterBinary.run(
            ["plan", "--max-response-mb", "1", "examples/acme.yaml"], environment: env(server.url), timeout: 60)
        #expect(small.stderr.contains("is larger than 1 MB"), "\(small.stderr)")
    }

    @Test func anUntrustedCertificateIsOneAttemptAndAClearError() throws {
        let ca = try TestCA()
        let (certificate, key) = try ca.issue(["localhost", "127.0.0.1"])
        let server = try HostileServer("tls", [certificate, key])
        defer { server.stop() }
        let result = try RosterBinary.run(["plan", "examples/acme.yaml"], environment: env(server.url), timeout: 60)
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr.contains("the certificate of 127.0.0.1 is not trusted"), "\(result.stderr)")
        #expect(result.stderr.contains("SSL_CERT_FILE"), "\(result.stderr)")
        #expect(!result.stderr.contains("retrying"), "\(result.stderr)")
        #expect(server.events.filter { $0["event"] as? String == "connection" }.count == 1, "\(server.events)")
    }

    @Test func aCertificateForAnotherNameIsNamed() throws {
        let ca = try TestCA()
        let (certificate, key) = try ca.issue(["mps.example.com"])
        let server = try HostileServer("tls", [certificate, key])
        defer { server.stop() }
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml"], environment: env(server.url, ["SSL_CERT_FILE": ca.certificate]),
            timeout: 60)
        #expect(result.code == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is for another name"), "\(result.stderr)")
    }

    @Test func planAndApplyOverHTTPSWithAPrivateCA() throws {
        let ca = try TestCA()
        let (certificate, key) = try ca.issue(["localhost", "127.0.0.1"])
        let sandbox = try SandboxProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { sandbox.stop() }
        #expect(sandbox.url.hasPrefix("https://"))
        let trusted = ["MPS_TOKEN": sandbox.token, "SSL_CERT_FILE": ca.certificate]
        let plan = try RosterBinary.run(["plan", "examples/acme.yaml"], environment: env(sandbox.url, trusted))
        #expect(plan.code == 0 && plan.stdout.contains("to create"), "\(plan.stdout)\(plan.stderr)")
        let apply = try RosterBinary.run(
            ["apply", "--auto-approve", "examples/acme.yaml"], environment: env(sandbox.url, trusted))
        #expect(apply.code == 0 && apply.stdout.contains("Verified"), "\(apply.stdout)\(apply.stderr)")
        let again = try RosterBinary.run(
            ["plan", "--detailed-exitcode", "examples/acme.yaml"], environment: env(sandbox.url, trusted))
        #expect(again.code == 0, "\(again.stdout)\(again.stderr)")
    }

    @Test func aProfilesCAFileIsTrustedToo() throws {
        let ca = try TestCA()
        let (certificate, key) = try ca.issue(["127.0.0.1"])
        let sandbox = try SandboxProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { sandbox.stop() }
        let config = ScratchFolder.url.appendingPathComponent("config")
        try FileManager.default.createDirectory(
            at: config.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try "profiles: {corp: {endpoint: \(sandbox.url), caFile: \(ca.certificate), timeout: 20}}\ndefault: corp\n"
            .write(to: config.appendingPathComponent("roster/config.yaml"), atomically: true, encoding: .utf8)
        var environment = Self.noProxy
        environment["MPS_TOKEN"] = sandbox.token
        environment["XDG_CONFIG_HOME"] = config.path
        let plan = try RosterBinary.run(["plan", "examples/acme.yaml"], environment: environment)
        #expect(plan.code == 0 && plan.stdout.contains("to create"), "\(plan.stdout)\(plan.stderr)")
    }

    @Test func httpsGoesThroughTheProxyAndTheTokenOnlyInsideTheTunnel() throws {
        let ca = try TestCA()
        let (certificate, key) = try ca.issue(["127.0.0.1"])
        let sandbox = try SandboxProcess(arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { sandbox.stop() }
        let proxy = try HostileServer("proxy")
        defer { proxy.stop() }
        let proxyAddress = proxy.url.replacingOccurrences(of: "/graphql", with: "")
        let plan = try RosterBinary.run(
            ["plan", "examples/acme.yaml"],
            environment: env(
                sandbox.url,
                [
                    "MPS_TOKEN": sandbox.token, "SSL_CERT_FILE": ca.certificate, "https_proxy": proxyAddress,
                    "no_proxy": "", "NO_PROXY": "",
                ]))
        #expect(plan.code == 0 && plan.stdout.contains("to create"), "\(plan.stdout)\(plan.stderr)")
        let seen = proxy.events
        let port = try #require(URL(string: sandbox.url)?.port)
        #expect(
            seen.contains { $0["method"] as? String == "CONNECT" && $0["target"] as? String == "127.0.0.1:\(port)" })
        #expect(seen.allSatisfy { $0["authorization"] is NSNull || $0["authorization"] == nil }, "\(seen)")
        // Plain http goes to loopback only, and never through a proxy, where the token would travel in clear.
        let local = try SandboxProcess()
        defer { local.stop() }
        let direct = try RosterBinary.run(
            ["plan", "examples/acme.yaml"],
            environment: env(local.url, ["MPS_TOKEN": local.token, "http_proxy": proxyAddress, "no_proxy": ""]))
        #expect(direct.code == 0, "\(direct.stderr)")
        #expect(proxy.events.count == seen.count, "plain http went through the proxy: \(proxy.events)")
    }
}
