import Foundation
import Testing

@testable import RosterModel

/// `access:` against the sandbox: who may open the space, kept as code, with its safety rails.
@Suite(.serialized, .scratchFolder) struct AccessEndToEndTests {
    /// The owner (the sandbox's token), three other accounts, and Eve already a member.
    func load(_ sandbox: SandboxProcess, members: [String] = ["u_eve"]) throws {
        let links = members.map { "{\"owner\": \"u_8f3k2\", \"member\": \"\($0)\"}" }.joined(separator: ",")
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe", "email": "jane@example.com"},
                          {"token": "t-grace", "id": "u_grace", "name": "Grace Tanaka", "email": "grace@example.com"},
                          {"token": "t-eve", "id": "u_eve", "name": "Eve Adams", "email": "eve@example.com"},
                          {"token": "t-sam", "id": "u_sam", "name": "Sam Lee", "email": "sam@example.com"},
                          {"token": "t-olga", "id": "u_olga", "name": "Olga Owner", "email": "olga@example.com"}],
             "members": [\(links), {"owner": "u_olga", "member": "u_8f3k2"}],
             "spaces": {"u_8f3k2": {"people": [{"fullName": "Ana", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"}], "teams": []},
                        "u_olga": {"people": [], "teams": []}}}
            """)
    }

    func roster(_ access: String, extra: String = "") throws -> String {
        let file = ScratchFolder.url.appendingPathComponent("access-\(UUID().uuidString).yaml")
        let text =
            "version: 1\n\(extra)people: [{name: Ana, craft: Design, level: Mid, focus: Mobile}]\naccess:\n\(access)\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func members(_ sandbox: SandboxProcess) throws -> [String] {
        let answer = try sandbox.graphql("{ spaceMembers { email } }")
        let list = (answer["data"] as? [String: Any])?["spaceMembers"] as? [[String: Any]] ?? []
        return list.compactMap { $0["email"] as? String }.sorted()
    }

    @Test func addOneMemberAndRemoveAnotherWithPrune() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let file = try roster("  members: [grace@example.com]\n  prune: true")
        let plan = try RosterBinary.run(["plan", file], environment: sandbox.environment)
        #expect(plan.stdout.contains("- access \"eve@example.com\" (Eve Adams)"), "\(plan.stdout)")
        #expect(plan.stdout.contains("+ access \"grace@example.com\""))
        let deleteLine = try #require(plan.stdout.range(of: "- access"))
        let addLine = try #require(plan.stdout.range(of: "+ access"))
        #expect(deleteLine.lowerBound < addLine.lowerBound, "removals first")
        let json = try RosterBinary.run(["plan", "--format", "json", file], environment: sandbox.environment)
        let changes =
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["changes"]
            as? [[String: Any]]
        let removal = changes?.first { $0["action"] as? String == "delete" }
        #expect(removal?["kind"] as? String == "access" && removal?["id"] as? String == "u_eve", "\(json.stdout)")
        #expect((removal?["before"] as? [String: Any])?["name"] as? String == "Eve Adams")
        let apply = try RosterBinary.run(
            ["apply", "--auto-approve", "--allow-large-changes", file], environment: sandbox.environment)
        #expect(apply.code == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(try members(sandbox) == ["grace@example.com"])
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", file], environment: sandbox.environment).code == 0)
    }

    @Test func aMixedCaseEmailIsSentInLowerCase() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox, members: ["u_sam"])
        let file = try roster("  members: [Grace@Example.COM, SAM@example.com]")
        let plan = try RosterBinary.run(["plan", file], environment: sandbox.environment)
        #expect(plan.stdout.contains("+ access \"grace@example.com\""), "\(plan.stdout)")
        let apply = try RosterBinary.run(["apply", "--auto-approve", file], environment: sandbox.environment)
        #expect(apply.code == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(try members(sandbox) == ["grace@example.com", "sam@example.com"])
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", file], environment: sandbox.environment).code == 0)
    }

    @Test func anUnmanagedMemberIsDrift() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox, members: ["u_eve", "u_grace"])
        let file = try roster("  members: [grace@example.com]")
        let plan = try RosterBinary.run(["plan", "--detailed-exitcode", file], environment: sandbox.environment)
        #expect(plan.code == 2, "\(plan.stdout)\(plan.stderr)")
        #expect(plan.stdout.contains("? access \"eve@example.com\" (Eve Adams)"), "\(plan.stdout)")
        #expect(plan.stdout.contains("No changes"))
    }

    @Test func removalsPastMaxDeletesAreRefused() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox, members: ["u_eve", "u_grace", "u_sam"])
        let file = try roster("  members: []\n  prune: true", extra: "policy: {maxDeletes: 1}\n")
        let apply = try RosterBinary.run(["apply", "--auto-approve", file], environment: sandbox.environment)
        #expect(apply.code == 3, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stderr.contains("removes 3 of 3 members' access (allowed 1)"), "\(apply.stderr)")
        #expect(try members(sandbox).count == 3)
    }

    @Test func anEmailWithoutAnAccountFailsAloneWhileTheRestApplies() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let file = try roster(
            "  members: [eve@example.com, nobody@example.com, sam@example.com]",
            extra: "levels: {Junior: {limitMonths: 12}}\n")
        let apply = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", file], environment: sandbox.environment)
        #expect(apply.code == 1, "\(apply.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(apply.stdout.utf8)) as? [String: Any])
        let operations = report["operations"] as? [[String: Any]] ?? []
        let failed = operations.filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 1)
        #expect(
            failed.first?["error"] as? String
                == "nobody@example.com has no MPS account yet: they must sign in to MPS once, then apply again")
        #expect(operations.filter { $0["status"] as? String == "applied" }.count == 2, "\(operations)")
        #expect(try members(sandbox) == ["eve@example.com", "sam@example.com"])
    }

    @Test func anotherOwnersSpaceIsRefusedBeforeAnyMutation() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let file = try roster("  members: [grace@example.com]", extra: "space: u_olga\n")
        try sandbox.hook("stats", "{}")
        let apply = try RosterBinary.run(["apply", "--auto-approve", file], environment: sandbox.environment)
        #expect(apply.code == 3, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stderr.contains("only the space's owner can change"), "\(apply.stderr)")
        // One read, of the roster's space: the caller's own space is never read first.
        #expect(try sandbox.read("stats")["requests"] as? Int == 1)
        #expect(try sandbox.read("stats")["mutations"] as? Int == 0)
    }

    @Test func exportRoundTripsAccessAndEmailsIgnoreCase() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox, members: ["u_eve", "u_grace"])
        let export = try RosterBinary.run(["export"], environment: sandbox.environment)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(
            export.stdout.contains("access:\n  members:\n  - eve@example.com\n  - grace@example.com\n"),
            "\(export.stdout)")
        let file = ScratchFolder.url.appendingPathComponent("export-\(UUID().uuidString).yaml")
        try export.stdout.write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", file.path], environment: sandbox.environment).code == 0
        )
        let upper = try roster("  members: [Eve@Example.COM, GRACE@example.com]")
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", upper], environment: sandbox.environment).code == 0)
        let status = try RosterBinary.run(["auth", "status"], environment: sandbox.environment)
        #expect(status.stdout.contains("eve@example.com (Eve Adams)"), "\(status.stdout)")
    }

    @Test func accessIsCheckedWhenTheRosterLoads() throws {
        let text = """
            version: 1
            access:
              members: [grace@example.com, not-an-email, "two@@x", Grace@Example.com, "a b@x.com"]
              prune: maybe
            """
        let result = try RosterBinary.run(["validate", "-"], stdin: text)
        #expect(result.code == 1)
        #expect(
            result.stderr.contains("<stdin>:3:32: error: \"not-an-email\" in access.members is not an email address"),
            "\(result.stderr)")
        #expect(result.stderr.contains("\"two@@x\" in access.members is not an email address"))
        #expect(result.stderr.contains("\"Grace@Example.com\" is listed twice in access.members (emails ignore case)"))
        #expect(result.stderr.contains("<stdin>:3:13: note: first listed here"))
        #expect(result.stderr.contains("\"a b@x.com\" in access.members is not an email address"))
        #expect(result.stderr.contains("<stdin>:4:10: error:"), "\(result.stderr)")
        let dir = ScratchFolder.url.appendingPathComponent("access-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "version: 1\naccess: {members: [a@x.com]}\n".write(
            to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "version: 1\naccess: {members: [b@x.com]}\n".write(
            to: dir.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let twice = try RosterBinary.run(["validate", dir.path])
        #expect(twice.code == 1 && twice.stderr.contains("access is set in more than one file"), "\(twice.stderr)")
    }

    @Test func pullWritesTheLiveMembers() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox, members: ["u_eve", "u_grace"])
        let file = try roster("  members:\n    - Eve@Example.com   # our designer\n    - sam@example.com")
        let pull = try RosterBinary.run(["pull", file], environment: sandbox.environment)
        #expect(pull.code == 0, "\(pull.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.hasSuffix("access:\n  members:\n    - Eve@Example.com\n    - grace@example.com\n"), "\(text)")
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", file], environment: sandbox.environment).code == 0)
    }
}
