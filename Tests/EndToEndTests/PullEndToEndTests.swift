import Foundation
import RosterTestSupport
import Testing

/// `roster pull` against the sandbox: drift made through the GraphQL API (a promotion, a new
/// hire, a rename of a pinned person, a move, a deletion, a limit changed) adopted into copies of
/// the example rosters, compared with golden files, and planned clean afterwards.
@Suite(.serialized, .scratchFolder) struct PullEndToEndTests {
    /// A copy of `examples/NAME` in a fresh folder; with `crlf`, its line ends made CRLF.
    func copy(_ name: String, crlf: Bool = false) throws -> URL {
        let folder = ScratchFolder.url.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = TestSupport.packageRoot.appendingPathComponent("examples/\(name)")
        let target = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: source, to: target)
        if crlf {
            let text = try String(contentsOf: target, encoding: .utf8)
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(to: target, atomically: true, encoding: .utf8)
        }
        return target
    }

    /// The demo space with acme applied, then changed in the apps.
    func drift(_ sandbox: SandboxProcess, roster: String) throws {
        _ = try RosterBinary.run(["plan", "examples/demo-space.yaml"], environment: sandbox.environment)
        let applied = try RosterBinary.run(["apply", "--auto-approve", roster], environment: sandbox.environment)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        for query in [
            // A promotion with a new level start date.
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Senior, craftFocus: Fullstack, levelStartDate: \"2026-11-20\"}) { id } }",
            // A new hire, and James Wright (not in a team) leaves.
            "mutation { createUser(input: {fullName: \"Nina Hires\", craftAbility: Design, jobLevel: Junior, craftFocus: Mobile}) { id } }",
            "mutation { deleteUser(id: 10) }",
            // Leo Santos moves from Platform Infra to Backend Services (Grace stays Platform Infra's lead).
            "mutation { updateTeam(id: 5, input: {name: \"Platform Infra\", teamLeadId: 7, memberIds: [7]}) { id } }",
            "mutation { updateTeam(id: 2, input: {name: \"Backend Services\", teamLeadId: 2, memberIds: [2, 6, 14, 12]}) { id } }",
            "mutation { setJobLevelLimit(jobLevel: Mid, limitMonths: 30) { jobLevel } }",
        ] {
            let answer = try sandbox.graphql(query)
            #expect(answer["errors"] == nil, "\(query): \(answer)")
        }
    }

    func expectPullMatchesGolden(_ name: String, crlf: Bool = false, golden: String) throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let target = try copy(name, crlf: crlf)
        defer { try? FileManager.default.removeItem(at: target.deletingLastPathComponent()) }
        try drift(sandbox, roster: target.path)
        let check = try RosterBinary.run(["pull", "--check", target.path], environment: sandbox.environment)
        #expect(check.code == 2, "\(check.stderr)")
        let dryRun = try RosterBinary.run(["pull", "--dry-run", target.path], environment: sandbox.environment)
        #expect(dryRun.stdout.hasPrefix("--- a/"), "\(dryRun.stdout)\(dryRun.stderr)")
        let pull = try RosterBinary.run(["pull", target.path], environment: sandbox.environment)
        #expect(pull.code == 0, "\(pull.stderr)")
        // It says what it adopted: the promotion whole, the hire.
        #expect(pull.stderr.contains("Adopted from the space:\n"), "\(pull.stderr)")
        #expect(pull.stderr.contains("  David Kim: level → Senior\n  David Kim: levelStartDate → 2026-11-20\n"))
        #expect(pull.stderr.contains("  new in the space (people): Nina Hires\n"), "\(pull.stderr)")
        let plan = try RosterBinary.run(["plan", "--detailed-exitcode", target.path], environment: sandbox.environment)
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory)
        let files =
            isDirectory.boolValue ? try FileManager.default.subpathsOfDirectory(atPath: target.path).sorted() : [""]
        var combined = ""
        for file in files where file.isEmpty || file.hasSuffix(".yaml") || file.hasSuffix(".json") {
            let path = file.isEmpty ? target : target.appendingPathComponent(file)
            let data = try Data(contentsOf: path)
            combined += "=== \(file.isEmpty ? name : file)\n" + String(decoding: data, as: UTF8.self)
        }
        #expect(
            TestSupport.goldenMismatch(combined, TestSupport.goldenRoot.appendingPathComponent("pull/\(golden)")) == nil
        )
        #expect(try RosterBinary.run(["pull", "--check", target.path], environment: sandbox.environment).code == 0)
    }

    @Test func pullEditsASingleFileInPlace() throws {
        try expectPullMatchesGolden("acme.yaml", golden: "acme.yaml")
    }

    @Test func pullEditsFilesWithAnchorsMergeKeysAndJSON() throws {
        try expectPullMatchesGolden("multi", golden: "multi.txt")
    }

    @Test func pullKeepsCRLFLineEnds() throws {
        try expectPullMatchesGolden("acme.yaml", crlf: true, golden: "acme-crlf.yaml")
    }
}

extension PullEndToEndTests {
    /// A pinned person renamed in the apps: the name is replaced where it stands, every team
    /// that names them follows, block-style entries and comments stay as they are.
    @Test func aRenameOfAPinnedPersonIsEditedInPlace() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane"}],
             "spaces": {"u_8f3k2": {"people": [
               {"fullName": "Sam Leigh", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"},
               {"fullName": "Ana", "craftAbility": "Design", "jobLevel": "Senior", "craftFocus": "Mobile"}],
              "teams": [{"name": "Core", "lead": 2, "members": [1, 2]}]}}}
            """)
        let folder = ScratchFolder.url.appendingPathComponent("pull-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("roster.yaml")
        let original = """
            # Our people.
            version: 1
            people:
              # Sam designs the mobile app.
              - name: Sam Leigh   # the spelling HR uses
                id: 1
                craft: Design
                level: Mid
                focus: Mobile

              - name: Ana
                craft: Design
                level: Senior
                focus: Mobile
            teams:
              - name: Core
                lead: Ana
                members:
                  - Sam Leigh   # since 2024
            """
        try (original + "\n").write(to: file, atomically: true, encoding: .utf8)
        try sandbox.graphql(
            "mutation { updateUser(id: 1, input: {fullName: \"Sam Lee\", craftAbility: Design, jobLevel: Senior, craftFocus: Mobile}) { id } }"
        )
        let pull = try RosterBinary.run(["pull", file.path], environment: sandbox.environment)
        #expect(pull.code == 0, "\(pull.stderr)")
        let pulled = try String(contentsOf: file, encoding: .utf8)
        let expected = original.replacingOccurrences(
            of: "  - name: Sam Leigh   # the spelling HR uses", with: "  - name: Sam Lee   # the spelling HR uses"
        )
        .replacingOccurrences(
            // A promotion is taken whole: the space has no date for it, which the entry now says.
            of: "    level: Mid\n    focus: Mobile\n\n",
            with: "    level: Senior\n    focus: Mobile\n    levelStartDate: null\n\n"
        )
        .replacingOccurrences(of: "      - Sam Leigh   # since 2024", with: "      - Sam Lee")
        #expect(pulled == expected + "\n", "\(pulled)")
        #expect(
            try RosterBinary.run(["plan", "--detailed-exitcode", file.path], environment: sandbox.environment).code == 0
        )
    }
}

extension PullEndToEndTests {
    /// `pull --into FILE` with a file not there yet: the new people and teams go into it, a new
    /// roster file, and the roster with it plans clean.
    @Test func pullIntoANewFileCreatesIt() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let target = try copy("acme.yaml")
        defer { try? FileManager.default.removeItem(at: target.deletingLastPathComponent()) }
        try drift(sandbox, roster: target.path)
        let newFile = target.deletingLastPathComponent().appendingPathComponent("hires.yaml").path
        let pull = try RosterBinary.run(["pull", target.path, "--into", newFile], environment: sandbox.environment)
        #expect(pull.code == 0, "\(pull.stderr)")
        let written = try String(contentsOfFile: newFile, encoding: .utf8)
        #expect(written.hasPrefix("version: 1\n") && written.contains("Nina Hires"), "\(written)")
        let plan = try RosterBinary.run(
            ["plan", "--detailed-exitcode", target.path, newFile], environment: sandbox.environment)
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
    }

    /// A bare command finds the roster: roster.yaml, roster.json or a roster/ folder, in that order.
    @Test func aBareCommandFindsTheRosterFolder() throws {
        let folder = ScratchFolder.url.appendingPathComponent("bare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try "version: 1\npeople: []\n".write(
            to: folder.appendingPathComponent("roster/people.yaml"), atomically: true, encoding: .utf8)
        let found = try RosterBinary.run(["validate"], directory: folder)
        #expect(found.code == 0 && found.stdout.contains("roster/: valid roster"), "\(found.stdout)\(found.stderr)")
        let typo = try RosterBinary.run(["validate", "rooster/"], directory: folder)
        #expect(typo.code == 1 && typo.stderr.contains("did you mean \"roster/\"?"), "\(typo.stderr)")
        try "version: 1\npeople:\n\t- {name: A, craft: Engineering, level: Mid}\n".write(
            to: folder.appendingPathComponent("tab.yaml"), atomically: true, encoding: .utf8)
        let tab = try RosterBinary.run(["validate", "tab.yaml"], directory: folder)
        #expect(tab.stderr.contains("tab.yaml:3:1: error: a tab: YAML indents with spaces"), "\(tab.stderr)")
    }
}

extension PullEndToEndTests {
    /// A git repository whose main branch holds the demo space's roster, as applied.
    func appliedRoster() throws -> (folder: URL, file: URL, text: String) {
        let folder = ScratchFolder.url.appendingPathComponent("git-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("roster.yaml")
        let demo = try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
        try demo.write(to: file, atomically: true, encoding: .utf8)
        try git(["init", "-q", "-b", "main"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "applied"], in: folder)
        return (folder, file, demo)
    }

    func git(_ arguments: [String], in folder: URL) throws {
        let result = try RosterBinary.run(
            ["/usr/bin/env", "git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments, direct: true,
            directory: folder)
        #expect(result.code == 0, "git \(arguments): \(result.stderr)")
    }

    /// A reorganisation committed on a branch, not applied; meanwhile a promotion and a hire in
    /// the app, and Leo's focus set both ways. Pull adopts the promotion (with its date) and the
    /// hire, keeps the reorganisation, names the conflict and exits 1; the file keeps its focus.
    @Test func pullKeepsWhatIsNotAppliedYetAndNamesConflicts() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let (folder, file, demo) = try appliedRoster()
        try git(["checkout", "-q", "-b", "reorg"], in: folder)
        let reorganised = demo.replacingOccurrences(
            of: "members: [David Kim, Iris Johansson, Leo Santos]", with: "members: [David Kim, Iris Johansson]"
        )
        .replacingOccurrences(
            of: "members: [Frank O'Brien, Grace Tanaka, Nathan Fischer]",
            with: "members: [Frank O'Brien, Grace Tanaka, Nathan Fischer, Leo Santos]"
        )
        .replacingOccurrences(of: "level: Junior,    focus: Frontend", with: "level: Junior,    focus: Backend")
        try reorganised.write(to: file, atomically: true, encoding: .utf8)
        try git(["commit", "-q", "-am", "reorganisation"], in: folder)
        for query in [
            "mutation { updateUser(id: 1, input: {fullName: \"Alice Chen\", craftAbility: Engineering, jobLevel: Staff, craftFocus: Frontend, levelStartDate: \"2026-11-15\"}) { id } }",
            "mutation { createUser(input: {fullName: \"Nina Hires\", craftAbility: Design, jobLevel: Junior, craftFocus: Mobile}) { id } }",
            "mutation { updateUser(id: 12, input: {fullName: \"Leo Santos\", craftAbility: Engineering, jobLevel: Junior, craftFocus: Mobile}) { id } }",
        ] {
            #expect(try sandbox.graphql(query)["errors"] == nil, "\(query)")
        }
        let pull = try RosterBinary.run(["pull", file.path], environment: sandbox.environment)
        #expect(pull.code == 1, "\(pull.stderr)")
        #expect(
            pull.stderr.contains("person \"Leo Santos\" focus: base Frontend, files Backend, space Mobile"),
            "\(pull.stderr)")
        #expect(pull.stderr.contains("Kept "), "\(pull.stderr)")
        let pulled = try String(contentsOf: file, encoding: .utf8)
        #expect(pulled.contains("level: Staff") && pulled.contains("levelStartDate: 2026-11-15"), "\(pulled)")
        #expect(pulled.contains("Nina Hires"))
        #expect(pulled.contains("members: [Frank O'Brien, Grace Tanaka, Nathan Fischer, Leo Santos]"), "\(pulled)")
        #expect(pulled.contains("level: Junior,    focus: Backend"))
        // The plan afterwards: exactly the reorganisation (Leo's move, and his focus, in conflict).
        let plan = try RosterBinary.run(["plan", file.path, "--format", "json"], environment: sandbox.environment)
        let json = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
        let names = (json?["people"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["Leo Santos"], "\(plan.stdout)")
        // Pulled again: nothing left to adopt, the edits kept and the conflict named; the files do
        // not say what the space says, and pull does not claim they do.
        let again = try RosterBinary.run(["pull", file.path], environment: sandbox.environment)
        #expect(again.code == 1 && again.stderr.contains("Kept 2 changes not applied yet."), "\(again.stderr)")
        #expect(again.stderr.hasSuffix("Nothing was written.\n"), "\(again.stderr)")
        #expect(!again.stderr.contains("already says what the space says"), "\(again.stderr)")
    }

    /// On the default branch, edits not committed yet are pending too; outside git every
    /// difference is drift, said in one line; `--format json` is the one envelope.
    @Test func uncommittedEditsArePendingAndOutsideGitEverythingIsDrift() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let (_, file, demo) = try appliedRoster()
        let edited = demo.replacingOccurrences(of: "members: [Hassan Ali, Maya Patel]", with: "members: [Hassan Ali]")
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let promote =
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Mid, craftFocus: Fullstack, levelStartDate: \"2026-11-01\"}) { id } }"
        #expect(try sandbox.graphql(promote)["errors"] == nil)
        let pull = try RosterBinary.run(["pull", file.path, "--format", "json"], environment: sandbox.environment)
        #expect(pull.code == 0, "\(pull.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(pull.stdout.utf8)) as? [String: Any]
        #expect(json?["format_version"] as? Int == 1 && json?["written"] as? Bool == true, "\(pull.stdout)")
        #expect((json?["adopted"] as? [String])?.contains("David Kim: level → Mid") == true, "\(pull.stdout)")
        #expect((json?["pending"] as? [String])?.isEmpty == false, "\(pull.stdout)")
        let pulled = try String(contentsOf: file, encoding: .utf8)
        #expect(pulled.contains("members: [Hassan Ali]") && !pulled.contains("members: [Hassan Ali, Maya Patel]"))
        // Outside git: today's pull, and one line that says so.
        let outside = ScratchFolder.url.appendingPathComponent("plain-\(UUID().uuidString).yaml")
        try edited.replacingOccurrences(
            of: "level: Junior,    focus: Fullstack", with: "level: Junior,    focus: Fullstack"
        )
        .write(to: outside, atomically: true, encoding: .utf8)
        for option in ["--dry-run", "--check"] {
            let looked = try RosterBinary.run(["pull", option, outside.path], environment: sandbox.environment)
            #expect(
                looked.stderr.contains("No base to tell edits from drift (not in a git repository)"),
                "\(option): \(looked.stderr)")
        }
        let plain = try RosterBinary.run(["pull", outside.path], environment: sandbox.environment)
        #expect(plain.code == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("No base to tell edits from drift (not in a git repository)"), "\(plain.stderr)")
        #expect(plain.stderr.contains("values of the files are replaced"))
    }

    /// A roster in pretty JSON (`export --format json`'s own): members lists over several lines
    /// lose and gain people an item a line, a new hire is appended, and the result plans clean.
    @Test func aPrettyJSONRosterIsPulled() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("pull-json-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let roster = folder.appendingPathComponent("roster.json")
        let env = sandbox.environment
        #expect(try RosterBinary.run(["export", "--format", "json", "--out", roster.path], environment: env).code == 0)
        for query in [
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, jobLevel: Senior, craftFocus: Fullstack, levelStartDate: \"2026-11-20\"}) { id } }",
            "mutation { createUser(input: {fullName: \"Nina Hires\", craftAbility: Design, jobLevel: Junior, craftFocus: Mobile}) { id } }",
            "mutation { updateTeam(id: 1, input: {name: \"Frontend Platform\", teamLeadId: 1, memberIds: [1, 4, 9, 16]}) { id } }",
        ] {
            #expect(try sandbox.graphql(query)["errors"] == nil, "\(query)")
        }
        let pull = try RosterBinary.run(["pull", roster.path], environment: env, directory: folder)
        #expect(pull.code == 0, "\(pull.stderr)")
        let text = try String(contentsOf: roster, encoding: .utf8)
        #expect(
            text.contains(
                "      \"members\": [\n        \"David Kim\",\n        \"Iris Johansson\",\n        \"Nina Hires\"\n      ]"
            ), "\(text)")
        #expect(try RosterBinary.run(["plan", "--detailed-exitcode", roster.path], environment: env).code == 0)
    }
}
