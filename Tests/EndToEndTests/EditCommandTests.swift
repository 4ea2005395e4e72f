import Foundation
import RosterTestSupport
import Testing

/// The edit commands as a person at a terminal uses them: one edit, then `roster plan`; a patch
/// `git apply` takes; the JSON envelope; a refused edit that writes nothing; the same edit twice.
@Suite(.serialized, .scratchFolder) struct EditCommandTests {
    /// A folder holding the split example roster in roster/, in git.
    func repository(_ name: String) throws -> URL {
        let repo = ScratchFolder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/multi"),
            to: repo.appendingPathComponent("roster"))
        let git = try RosterBinary.run(
            ["/bin/bash", "-c", "git init -q && git add . && git -c user.name=t -c user.email=t@x commit -qm init"],
            direct: true, directory: repo)
        #expect(git.code == 0, "\(git.stderr)")
        return repo
    }

    func files(_ repo: URL) throws -> [String: Data] {
        let roster = repo.appendingPathComponent("roster").path
        var found: [String: Data] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: roster) {
            if let data = FileManager.default.contents(atPath: roster + "/" + path) { found[path] = data }
        }
        return found
    }

    @Test func anEditThenThePlanShowsIt() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("quick")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"),
            to: folder.appendingPathComponent("roster.yaml"))
        let moved = try RosterBinary.run(
            ["move", "Hassan Ali", "--to", "Frontend Platform"], environment: sandbox.environment, directory: folder)
        #expect(moved.code == 0, "\(moved.stderr)")
        #expect(moved.stderr == "Hassan Ali: Design Systems → Frontend Platform (member)\nWrote roster.yaml.\n")
        let plan = try RosterBinary.run(["plan"], environment: sandbox.environment, directory: folder)
        #expect(plan.code == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("Hassan Ali"), "\(plan.stdout)")
    }

    /// `roster set team`: the members as the whole list, then the plan applies it to the space.
    @Test func setTeamThenApplyMakesTheSpaceSo() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("set-team")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"),
            to: folder.appendingPathComponent("roster.yaml"))
        let first = try RosterBinary.run(
            ["apply", "--auto-approve"], environment: sandbox.environment, directory: folder)
        #expect(first.code == 0, "\(first.stderr)")
        let set = try RosterBinary.run(
            ["set", "team", "Platform Infra", "--lead", "Leo Santos", "--members", "Grace Tanaka, Maya Patel"],
            environment: sandbox.environment, directory: folder)
        #expect(set.code == 0, "\(set.stderr)")
        #expect(set.stderr.contains("Maya Patel: Design Systems → Platform Infra (member)"), "\(set.stderr)")
        let apply = try RosterBinary.run(
            ["apply", "--auto-approve"], environment: sandbox.environment, directory: folder)
        #expect(apply.code == 0, "\(apply.stderr)")
        let chart = try RosterBinary.run(
            ["report", "teams", "--live", "--format", "json"], environment: sandbox.environment, directory: folder)
        let teams = try JSONSerialization.jsonObject(with: Data(chart.stdout.utf8)) as? [String: Any]
        let infra = (teams?["teams"] as? [[String: Any]])?.first { $0["name"] as? String == "Platform Infra" }
        #expect(infra?["lead"] as? String == "Leo Santos" && infra?["headcount"] as? Int == 3, "\(chart.stdout)")
        let again = try RosterBinary.run(
            ["plan", "--detailed-exitcode"], environment: sandbox.environment, directory: folder)
        #expect(again.code == 0, "in sync after apply: \(again.stdout)")
    }

    @Test func dryRunPrintsAPatchThatGitApplies() throws {
        let repo = try repository("patch")
        let before = try files(repo)
        let arguments = ["move", "Leo Santos", "--to", "Frontend Platform", "roster/"]
        let dry = try RosterBinary.run(arguments + ["--dry-run"], directory: repo)
        #expect(dry.code == 0, "\(dry.stderr)")
        #expect(dry.stdout.hasPrefix("--- a/roster/teams/teams.json\n+++ b/roster/teams/teams.json\n"), "\(dry.stdout)")
        #expect(dry.stderr.hasSuffix("Would write roster/teams/teams.json.\n"), "\(dry.stderr)")
        #expect(try files(repo) == before, "--dry-run wrote")
        try Data(dry.stdout.utf8).write(to: repo.appendingPathComponent("edit.patch"))
        let apply = try RosterBinary.run(["/usr/bin/git", "apply", "edit.patch"], direct: true, directory: repo)
        #expect(apply.code == 0, "\(apply.stderr)")
        let patched = try files(repo)
        let reset = try RosterBinary.run(["/usr/bin/git", "checkout", "--", "roster"], direct: true, directory: repo)
        #expect(reset.code == 0)
        let real = try RosterBinary.run(arguments, directory: repo)
        #expect(real.code == 0, "\(real.stderr)")
        #expect(try files(repo) == patched, "the patch and the edit differ")
    }

    @Test func jsonIsTheOneEnvelope() throws {
        let repo = try repository("json")
        let result = try RosterBinary.run(
            ["rename", "team", "Data & Analytics", "Data", "roster/", "--format", "json"], directory: repo)
        #expect(result.code == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(json?["format_version"] as? Int == 1)
        #expect(json?["files"] as? [String] == ["roster/teams/teams.json"])
        #expect(json?["written"] as? Bool == true && json?["changed"] as? Bool == true)
        #expect((json?["summary"] as? [String])?.first?.hasPrefix("team Data & Analytics: renamed Data") == true)
        let again = try RosterBinary.run(
            ["rename", "team", "Data & Analytics", "Data", "roster/", "--format", "json"], directory: repo)
        let second = try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any]
        #expect(second?["changed"] as? Bool == false && second?["files"] as? [String] == [])
    }

    @Test func aRefusedEditWritesNothingAndSaysWhere() throws {
        let repo = try repository("refused")
        let before = try files(repo)
        let unknown = try RosterBinary.run(
            ["move", "Leo Santos", "--to", "Platfrom Infra", "roster/"], directory: repo)
        #expect(unknown.code == 1)
        #expect(
            unknown.stderr.contains(
                "roster/teams/teams.json:8:14: error: no team \"Platfrom Infra\" in the roster; "
                    + "did you mean \"Platform Infra\"?"),
            "\(unknown.stderr)")
        let lead = try RosterBinary.run(["remove", "person", "Grace Tanaka", "roster/"], directory: repo)
        #expect(lead.code == 1)
        #expect(
            lead.stderr.contains(
                "roster/teams/teams.json:8:40: error: Grace Tanaka leads team \"Platform Infra\": "
                    + "name who leads it next"),
            "\(lead.stderr)")
        let typo = try RosterBinary.run(
            ["set", "person", "Leo Santos", "--level", "Senoir", "roster/"], directory: repo)
        #expect(typo.code == 1)
        #expect(typo.stderr.contains("--level: \"Senoir\" is not a value it takes; did you mean Senior?"))
        let nothing = try RosterBinary.run(["set", "person", "Leo Santos", "roster/"], directory: repo)
        #expect(nothing.code == 1 && nothing.stderr.contains("nothing to set"), "\(nothing.stderr)")
        #expect(try files(repo) == before, "a refused edit wrote")
    }

    @Test func theSameEditTwiceSaysSoTheSecondTime() throws {
        let repo = try repository("twice")
        let arguments = ["hire", "Ann Lee", "--level", "Mid", "--team", "Design Systems", "roster/"]
        let first = try RosterBinary.run(arguments, directory: repo)
        #expect(first.code == 0, "\(first.stderr)")
        #expect(first.stderr.contains("Wrote roster/engineering.yaml, roster/teams/teams.json."), "\(first.stderr)")
        let after = try files(repo)
        let second = try RosterBinary.run(arguments, directory: repo)
        #expect(second.code == 0)
        #expect(second.stderr == "nothing to change: Ann Lee is already in the roster as given\n", "\(second.stderr)")
        #expect(try files(repo) == after)
        #expect(try RosterBinary.run(["validate", "roster/"], directory: repo).code == 0)
    }

    /// A rename writes two files; the second cannot be written (read-only: immutable, as tests
    /// run as root): exit 1, the file named, both files as they were.
    @Test func aFileThatCannotBeWrittenLeavesEveryFileAsItWas() throws {
        let repo = try repository("readonly")
        let teams = repo.appendingPathComponent("roster/teams/teams.json").path
        let lock = getuid() == 0 ? ["/usr/bin/chattr", "+i", teams] : ["/bin/chmod", "0444", teams]
        let locked = try RosterBinary.run(lock, direct: true)
        try #require(locked.code == 0, "cannot make \(teams) read-only: \(locked.stderr)")
        defer { _ = try? RosterBinary.run(["/usr/bin/chattr", "-i", teams], direct: true) }
        let before = try files(repo)
        let result = try RosterBinary.run(["rename", "person", "Leo Santos", "Leo Sant", "roster/"], directory: repo)
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("roster/teams/teams.json: error: cannot write the roster file here"),
            "\(result.stderr)")
        #expect(try files(repo) == before, "a file changed")
    }

    /// With `--verbose`, the edit commands end each diagnostic with its code, as validate does; a
    /// hire under `rules.requireLevelStartDate` gets today's date, as its help says.
    @Test func editDiagnosticsCarryTheirCodesWithVerbose() throws {
        let folder = ScratchFolder.url.appendingPathComponent("codes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
        version: 1
        defaults: { craft: Engineering, level: Mid }
        people: [{ name: Ana, levelStartDate: 2024-01-01 }, { name: Ben, levelStartDate: 2024-01-01 }]
        teams: [{ name: Core, lead: Ana, members: [Ben] }]
        rules: { maxTeamSize: { value: 2, severity: warning }, requireLevelStartDate: true }
        """.write(to: folder.appendingPathComponent("roster.yaml"), atomically: true, encoding: .utf8)
        let unknown = try RosterBinary.run(["--verbose", "move", "Nobody", "--to", "Core"], directory: folder)
        #expect(unknown.code == 1 && unknown.stderr.contains("[edit-unknown-name]"), "\(unknown.stderr)")
        let hired = try RosterBinary.run(["hire", "Cy", "--team", "Core", "--verbose"], directory: folder)
        #expect(hired.code == 0, "\(hired.stderr)")
        #expect(hired.stderr.contains("[max-team-size]"), "\(hired.stderr)")
        let text = try String(contentsOf: folder.appendingPathComponent("roster.yaml"), encoding: .utf8)
        let today = ISO8601DateFormatter.string(
            from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        #expect(text.contains("name: Cy, levelStartDate: \(today)"), "\(text)")
        let help = try RosterBinary.run(["hire", "--help"])
        #expect(help.stdout.contains("(default: none; today where rules.requireLevelStartDate asks for one)"))
    }
}
