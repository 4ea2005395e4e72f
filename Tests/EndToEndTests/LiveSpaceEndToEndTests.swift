import Foundation
import Testing

/// The live space as it is: a newer MPS (a level and a craft roster does not know), an older one
/// (no level start dates, no level limits), and the data the MPS apps leave behind (free-text
/// dates, padded and repeated names, control characters).
@Suite(.serialized, .scratchFolder) struct LiveSpaceEndToEndTests {
    func run(_ sandbox: SandboxProcess, _ arguments: [String]) throws -> RosterBinary.Result {
        try RosterBinary.run(arguments, environment: sandbox.environment)
    }

    /// A space as the apps leave it on a newer MPS.
    func loadNewerSpace(_ sandbox: SandboxProcess) throws {
        func person(_ name: String, _ craft: String, _ level: String, _ focus: String, _ date: String? = nil) -> String
        {
            let since = date.map { ", \"levelStartDate\": \"\($0)\"" } ?? ""
            return "{\"fullName\": \"\(name)\", \"craftAbility\": \"\(craft)\", \"jobLevel\": \"\(level)\", "
                + "\"craftFocus\": \"\(focus)\"\(since)}"
        }
        let people = [
            person("Ana Lima", "Security", "Distinguished", "Backend", "April 2023"),
            person(" Bob  Lee ", "Engineering", "Senior", "Mobile", "2023-4-1"),
            person("Eve\\u001b[31m", "Design", "Mid", "Frontend", ""),
            person("Sam Lee", "Engineering", "Distinguished", "Backend", "2024-01-01T00:00:00Z"),
            person("Sam Lee", "Engineering", "Junior", "Backend", "2024-02-01"),
            person("Kai", "DataScience", "Staff", "Infrastructure", "01/04/2023"),
        ]
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}],
             "spaces": {"u_8f3k2": {"people": [\(people.joined(separator: ","))],
                                     "teams": [{"name": "Red", "lead": 1, "members": [1, 2, 4]},
                                               {"name": "Blue", "lead": 3, "members": [3, 4]},
                                               {"name": "Empty", "lead": 6, "members": []}],
                                     "levels": {"Distinguished": 60, "Junior": 24}}}}
            """)
    }

    @Test func aNewerServerPlansExportsPullsAndAppliesAcrossTheWholeSpace() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed", "--schema", "newer"])
        defer { sandbox.stop() }
        try loadNewerSpace(sandbox)
        let export = try run(sandbox, ["export"])
        #expect(export.code == 0, "\(export.stderr)")
        #expect(export.stderr.contains("values this version of roster does not know: craft Security (1 person)"))
        #expect(export.stderr.contains("level Distinguished (2 people)"), "\(export.stderr)")
        #expect(export.stdout.contains("newValues: [Distinguished, Security]"), "\(export.stdout)")
        #expect(!export.stdout.unicodeScalars.contains { $0.value == 0x1B }, "a raw control character was written")
        let roster = try ScratchFolder.roster(export.stdout)
        #expect(try run(sandbox, ["validate", roster]).code == 0)
        let plan = try run(sandbox, ["plan", "--detailed-exitcode", roster])
        #expect(plan.code == 0, "\(plan.stdout)\(plan.stderr)")
        for command in [["report", "levels", "--live"], ["chart", "--live"], ["report", "levels", roster]] {
            let result = try run(sandbox, command)
            #expect(result.code == 0, "\(command): \(result.stderr)")
        }
        // Ana moves to Frontend: her craft and level, which roster does not know, go back as they were.
        let edited = try String(contentsOfFile: roster, encoding: .utf8)
            .replacingOccurrences(
                of: "level: Distinguished, focus: Backend}", with: "level: Distinguished, focus: Frontend}")
        try edited.write(toFile: roster, atomically: true, encoding: .utf8)
        let apply = try run(sandbox, ["apply", "--auto-approve", roster])
        #expect(apply.code == 0, "\(apply.stdout)\(apply.stderr)")
        let ana = try sandbox.graphql("{ user(id: 1) { craftAbility jobLevel craftFocus levelStartDate } }")
        #expect("\(ana)".contains("Security") && "\(ana)".contains("Distinguished") && "\(ana)".contains("Frontend"))
        #expect("\(ana)".contains("April 2023"), "the free-text date was erased: \(ana)")
        #expect(try run(sandbox, ["plan", "--detailed-exitcode", roster]).code == 0)
    }

    @Test func pullAcceptsEverySpaceExportAccepts() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed", "--schema", "newer"])
        defer { sandbox.stop() }
        try loadNewerSpace(sandbox)
        // A stale roster: one person only, with other values.
        let roster = try ScratchFolder.roster(
            "version: 1\npeople:\n  - {name: Kai, craft: Design, level: Junior, focus: Mobile, levelStartDate: 2020-01-01}\n"
        )
        let pull = try run(sandbox, ["pull", roster])
        #expect(pull.code == 0, "\(pull.stdout)\(pull.stderr)")
        #expect(pull.stderr.contains("which is not a YYYY-MM-DD date; left out"), "\(pull.stderr)")
        let pulled = try String(contentsOfFile: roster, encoding: .utf8)
        #expect(pulled.contains("newValues:"), "\(pulled)")
        #expect(try run(sandbox, ["validate", roster]).code == 0)
        // Pull never writes policy: Sam Lee, in two teams in the space, is written in one and named.
        #expect(!pulled.contains("oneTeamPerPerson"), "\(pulled)")
        #expect(pull.stderr.contains("1 person is in more than one team in the space: Sam Lee (#4) (Red, Blue)"))
        let plan = try run(sandbox, ["plan", "--detailed-exitcode", roster])
        #expect(plan.code == 2, "\(plan.stdout)\(plan.stderr)\n\(pulled)")
        #expect(plan.stdout.contains("Plan: 0 to create, 1 to update, 0 to delete."), "\(plan.stdout)")
        // A person who turns the rule off keeps the space as it is.
        try (pulled + "policy:\n  oneTeamPerPerson: false\n").write(toFile: roster, atomically: true, encoding: .utf8)
        #expect(try run(sandbox, ["pull", roster]).code == 0)
        let after = try run(sandbox, ["plan", "--detailed-exitcode", roster])
        #expect(after.code == 0, "\(after.stdout)\(after.stderr)")
    }

    @Test func aRosterMayNameALiveNameWithControlCharactersAsThePlanShowsIt() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed", "--schema", "newer"])
        defer { sandbox.stop() }
        try loadNewerSpace(sandbox)
        let roster = try ScratchFolder.roster(
            """
            version: 1
            newValues: [Distinguished]
            people:
              - {name: Kai, craft: DataScience, level: Staff, focus: Infrastructure}
            policy:
              ignore:
                people: ['Eve\\u{1B}[31m', Bob Lee]
            """)
        let plan = try run(sandbox, ["plan", "--format", "json", roster])
        #expect(plan.code == 0, "\(plan.stderr)")
        #expect(!plan.stdout.contains("Eve"), "an ignored person is in the plan: \(plan.stdout)")
    }

    @Test func anOlderServerPlansAndAppliesWhatItCanHoldAndNamesWhatItCannot() throws {
        let sandbox = try SandboxProcess(arguments: ["--schema", "older"])
        defer { sandbox.stop() }
        let needs = try run(sandbox, ["plan", "examples/acme.yaml"])
        #expect(needs.code == 1)
        #expect(needs.stderr.contains("this MPS has no level start dates"), "\(needs.stderr)")
        #expect(
            needs.stderr.contains("person \"Alice Chen\" sets levelStartDate, but this MPS has no level start dates"))
        #expect(needs.stderr.contains("levels sets a limit for Junior, but this MPS has no time-in-level limits"))
        let export = try run(sandbox, ["export"])
        #expect(export.code == 0, "\(export.stderr)")
        let roster = try ScratchFolder.roster(
            export.stdout.replacingOccurrences(
                of: "{name: David Kim, craft: Engineering, level: Junior",
                with: "{name: David Kim, craft: Engineering, level: Mid"))
        let apply = try run(sandbox, ["apply", "--auto-approve", roster])
        #expect(apply.code == 0, "\(apply.stdout)\(apply.stderr)")
        #expect(apply.stdout.contains("Apply complete: 0 created, 1 updated, 0 deleted."), "\(apply.stdout)")
        #expect(try run(sandbox, ["plan", "--detailed-exitcode", roster]).code == 0)
        try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, "
                + "jobLevel: Senior, craftFocus: Fullstack}) { id } }")
        let pull = try run(sandbox, ["pull", roster])
        #expect(pull.code == 0, "\(pull.stderr)")
        #expect(try run(sandbox, ["plan", "--detailed-exitcode", roster]).code == 0)
        for command in [["report", "levels", "--live"], ["chart", "--live"]] {
            #expect(try run(sandbox, command).code == 0, "\(command)")
        }
    }
}
