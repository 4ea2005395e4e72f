import Foundation
import RosterTestSupport
import Testing

/// `roster plan` as a user runs it: the built binary against a sandbox server.
@Suite(.serialized, .scratchFolder) struct PlanEndToEndTests {
    func normalized(_ text: String, _ sandbox: SandboxProcess) -> String {
        text.replacingOccurrences(of: sandbox.url, with: "http://SANDBOX/graphql")
    }

    @Test func demoSpacePlansCleanOnAFreshSeededSpace() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let result = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml", "--detailed-exitcode"], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains("No changes: the space matches the roster."))
        // The same roster split over files plans the same way.
        let multi = try RosterBinary.run(
            ["plan", "examples/multi", "--detailed-exitcode"], environment: sandbox.environment)
        let single = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--detailed-exitcode"], environment: sandbox.environment)
        #expect(multi.code == 2 && single.code == 2)
        #expect(multi.stdout == single.stdout)
    }

    @Test(arguments: [("text", "plan-acme.txt"), ("json", "plan-acme.json"), ("markdown", "plan-acme.md")])
    func acmePlanMatchesGolden(_ format: String, _ golden: String) throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--format", format, "--detailed-exitcode"], environment: sandbox.environment)
        #expect(result.code == 2, "\(result.stderr)")
        #expect(
            TestSupport.goldenMismatch(
                normalized(result.stdout, sandbox), TestSupport.goldenRoot.appendingPathComponent("output/\(golden)"))
                == nil)
    }

    @Test func savedPlanHoldsWhatApplyNeeds() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let out = ScratchFolder.url.appendingPathComponent("roster-plan-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--out", out.path], environment: sandbox.environment)
        #expect(result.code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(json["format_version"] as? Int == 1)
        #expect((json["fingerprint"] as? String)?.hasPrefix("sha256:") == true)
        let apply = try #require(json["apply"] as? [String: Any])
        #expect((apply["entities"] as? [String: Any])?.count == 15 + 4)
        #expect((apply["steps"] as? [[Any]])?.count == 2)
        #expect(!(try String(contentsOf: out, encoding: .utf8)).contains(sandbox.token))
    }

    /// The roster is checked before the server is asked anything: an invalid one costs no
    /// request, and a valid one costs exactly one read.
    @Test func anInvalidRosterSendsNoRequestAndAValidOneSendsOneRead() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let invalid = ScratchFolder.url.appendingPathComponent("invalid.yaml")
        try "version: 1\npeople:\n  - name: Ada\n    craft: Wizardry\n".write(
            to: invalid, atomically: true, encoding: .utf8)
        _ = try sandbox.hook("stats", "{}")
        let failed = try RosterBinary.run(["plan", invalid.path], environment: sandbox.environment)
        #expect(failed.code == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("Wizardry"), "\(failed.stderr)")
        #expect(try sandbox.read("stats")["requests"] as? Int == 0)
        let planned = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: sandbox.environment)
        #expect(planned.code == 0, "\(planned.stderr)")
        #expect(try sandbox.read("stats")["requests"] as? Int == 1)
    }

    @Test func badTokenExitsOneWithAClearMessage() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml"], environment: ["MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": "not-a-session"])
        #expect(result.code == 1)
        #expect(result.stderr.contains("error: the token is invalid or expired"))
        #expect(!result.stderr.contains("not-a-session"))
    }

    @Test func inaccessibleSpaceExitsThree() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--space", "u_someone_else"], environment: sandbox.environment)
        #expect(result.code == 3)
        #expect(result.stderr.contains("space \"u_someone_else\" is not accessible with this token"))
    }

    @Test func serverDownExitsOne() throws {
        // A port nothing listens on: the sandbox's, after it stopped.
        let sandbox = try SandboxProcess()
        sandbox.stop()
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--timeout", "2"], environment: sandbox.environment)
        #expect(result.code == 1)
        #expect(result.stderr.contains("error: cannot connect to \(sandbox.url)"))
    }

    @Test(arguments: [(413, "refused a request"), (400, "rejected the request (HTTP 400)"), (502, "HTTP 502")])
    func httpErrorsExitOne(_ status: Int, _ message: String) throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        // Every attempt fails (reads are retried up to 3 times).
        let faults = (1...4).map { "{\"kind\": \"status\", \"n\": \($0), \"status\": \(status)}" }.joined(
            separator: ",")
        try sandbox.hook("faults", "{\"faults\": [\(faults)]}")
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--verbose"], environment: sandbox.environment)
        #expect(result.code == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("Authorization: Bearer ***"))
        #expect(!result.stderr.contains(sandbox.token))
    }

    @Test func readsAreRetriedPast503And429() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        try sandbox.hook(
            "faults",
            #"{"faults": [{"kind": "status", "n": 1, "status": 503}, {"kind": "status", "n": 2, "status": 429, "retryAfter": 1}]}"#
        )
        let result = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml", "--detailed-exitcode", "--verbose"], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: "POST ").count - 1 == 3)
        // --verbose also times the phases.
        #expect(result.stderr.contains("roster: loaded 15 people and 4 teams in "), "\(result.stderr)")
        #expect(result.stderr.contains("roster: planned 0 changes in 0 steps in "), "\(result.stderr)")
    }

    @Test func theRostersSpaceIsReadEvenThoughTheFirstReadWasForTheOwnSpace() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}, {"token": "other", "id": "u_team", "name": "Team Space"}],
             "members": [{"owner": "u_team", "member": "u_8f3k2"}],
             "spaces": {"u_8f3k2": {"people": [{"fullName": "Mine", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"}]},
                        "u_team": {"people": [{"fullName": "Theirs", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"}]}}}
            """)
        let file = ScratchFolder.url.appendingPathComponent("space-\(UUID().uuidString).yaml")
        try "version: 1\nspace: u_team\npeople: [{name: Theirs, craft: Design, level: Mid, focus: Mobile}]\n".write(
            to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try RosterBinary.run(["plan", "--detailed-exitcode", file.path], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Roster plan for space \"Team Space\" (u_team)"))
        let other = try RosterBinary.run(
            ["plan", file.path, "--space", "u_8f3k2", "--detailed-exitcode"], environment: sandbox.environment)
        #expect(other.code == 2 && other.stdout.contains("+ Theirs"))
    }

    @Test func plainHTTPToANonLoopbackHostIsRefusedBeforeConnecting() throws {
        let result = try RosterBinary.run(
            ["plan", "examples/acme.yaml"],
            environment: ["MPS_ENDPOINT": "http://mps.example.com/graphql", "MPS_TOKEN": "t"])
        #expect(result.code == 1)
        #expect(result.stderr.contains("refusing to send the token over plain http://"))
    }

    @Test func missingTokenAndInvalidRoster() throws {
        let noToken = try RosterBinary.run(
            ["plan", "examples/acme.yaml"], environment: ["MPS_ENDPOINT": "http://127.0.0.1:9/graphql"])
        #expect(noToken.code == 1 && noToken.stderr.contains("no session token"))
        let invalid = try RosterBinary.run(
            ["plan", "Tests/Golden/validate/references/roster.yaml"], environment: ["MPS_TOKEN": "t"])
        #expect(invalid.code == 1 && invalid.stderr.contains("unknown person \"Leo Santo\""))
    }

    /// An invalid roster ends `plan` while its read of an unreachable server is failing: it must
    /// end every time, never hang on the read in flight.
    @Test func invalidRosterNeverHangsOnAFailingRead() throws {
        for _ in 0..<40 {
            let result = try RosterBinary.run(
                ["plan", "Tests/Golden/validate/references/roster.yaml"],
                environment: ["MPS_TOKEN": "t", "MPS_ENDPOINT": "http://127.0.0.1:9/graphql"], timeout: 20)
            #expect(result.code == 1 && result.stderr.contains("unknown person \"Leo Santo\""), "exit \(result.code)")
            if result.code != 1 { break }
        }
    }

    @Test func worldReadableTokenFileDrawsAWarning() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let file = ScratchFolder.url.appendingPathComponent("token-\(UUID().uuidString)")
        try sandbox.token.write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml", "--token-file", file.path], environment: ["MPS_ENDPOINT": sandbox.url])
        #expect(result.code == 0)
        #expect(result.stderr.contains("warning: the token file can be read by other users"))
    }

    @Test func profilesFromTheConfigFile() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = ScratchFolder.url.appendingPathComponent("roster-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("roster"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tokenFile = dir.appendingPathComponent("local.token")
        try sandbox.token.write(to: tokenFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenFile.path)
        try """
        default: local
        profiles:
          local: { endpoint: \(sandbox.url), tokenFile: \(tokenFile.path) }
          eu: { endpoint: https://mps-eu.example.com/graphql, space: u_8f3k2 }
        """.write(to: dir.appendingPathComponent("roster/config.yaml"), atomically: true, encoding: .utf8)
        let ok = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml", "--detailed-exitcode"], environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(ok.code == 0, "\(ok.stderr)")
        let missing = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml", "--profile", "us"], environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(
            missing.code == 1 && missing.stderr.contains("no profile \"us\" in the config file (profiles: eu, local)"))
        try "profiles:\n  local: { endpiont: x }\n".write(
            to: dir.appendingPathComponent("roster/config.yaml"), atomically: true, encoding: .utf8)
        let broken = try RosterBinary.run(
            ["plan", "examples/demo-space.yaml"], environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(broken.code == 1)
        #expect(
            broken.stderr.contains("roster/config.yaml:2:12: error: unknown key \"endpiont\" in profile"),
            "\(broken.stderr)")
    }
}
