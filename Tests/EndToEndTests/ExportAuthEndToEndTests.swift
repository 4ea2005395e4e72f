import Foundation
import Testing

/// `roster export` and `roster auth status` against the sandbox.
@Suite(.serialized, .scratchFolder) struct ExportAuthEndToEndTests {
    func exportThenPlan(_ sandbox: SandboxProcess, format: String) throws -> (RosterBinary.Result, RosterBinary.Result)
    {
        let file = ScratchFolder.url.appendingPathComponent(
            "export-\(UUID().uuidString).\(format)")
        defer { try? FileManager.default.removeItem(at: file) }
        let export = try RosterBinary.run(
            ["export", "--format", format, "--out", file.path], environment: sandbox.environment)
        let plan = try RosterBinary.run(["plan", "--detailed-exitcode", file.path], environment: sandbox.environment)
        return (export, plan)
    }

    @Test(arguments: ["yaml", "json"])
    func demoExportPlansClean(_ format: String) throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let (export, plan) = try exportThenPlan(sandbox, format: format)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
    }

    @Test(arguments: ["yaml", "json"])
    func awkwardLiveDataExportsToARosterThatPlansClean(_ format: String) throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let people = [
            "Sam Lee", "Sam Lee", "Yes", "null", "1e3", "0042", "Ana: the \\\"Boss\\\"", "#hash tag", "Zoë Müller",
            "  Padded  Name ", "- dash", "2024-01-01",
        ]
        let peopleJSON = people.enumerated().map { i, name in
            "{\"fullName\": \"\(name)\", \"craftAbility\": \"Design\", \"jobLevel\": \"Mid\", \"craftFocus\": \"Mobile\"\(i == 2 ? ", \"levelStartDate\": \"sometime\"" : i == 3 ? ", \"levelStartDate\": \"2024-02-29\"" : "")}"
        }.joined(separator: ", ")
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}],
             "spaces": {"u_8f3k2": {"people": [\(peopleJSON)],
                                    "teams": [{"name": "Team", "lead": 1, "members": [1, 2, 2]}, {"name": "Team", "lead": 3, "members": [4, 5]},
                                              {"name": "Also Sam", "lead": 2, "members": [6]}],
                                    "levels": {"Staff": 0, "Junior": 18}}}}
            """)
        let (export, plan) = try exportThenPlan(sandbox, format: format)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(export.stderr.contains("not a YYYY-MM-DD date"))
        #expect(export.stderr.contains("oneTeamPerPerson: false"))
        #expect(export.stderr.contains("in more than one team: Sam Lee (#"), "\(export.stderr)")
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
    }

    @Test func authStatusNamesTheUserAndSpaces() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let ok = try RosterBinary.run(["auth", "status"], environment: sandbox.environment)
        #expect(ok.code == 0)
        #expect(ok.stdout.contains("as Jane Doe <u_8f3k2@sandbox.local> (u_8f3k2)"))
        #expect(ok.stdout.contains("u_8f3k2  Jane Doe (own)"))
        let bad = try RosterBinary.run(
            ["auth", "status"], environment: ["MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": "expired"])
        #expect(bad.code == 1 && bad.stderr.contains("the token is invalid or expired"))
    }

    @Test func authStatusReportsServerErrorsAsSuch() throws {
        let sandbox = try SandboxProcess()
        sandbox.stop()
        let down = try RosterBinary.run(["auth", "status", "--timeout", "2"], environment: sandbox.environment)
        #expect(down.code == 1)
        #expect(down.stderr.contains("cannot connect"))
        #expect(!down.stderr.contains("invalid or expired"))
    }
}
