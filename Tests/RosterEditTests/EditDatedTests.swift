import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel

/// `--on DATE`: a quarter's reorganisation written from the edit commands, each change dated, the
/// files valid after each, and the roster meaning on each day what the commands said.
@Suite struct EditDatedTests {
    static let text = """
        version: 1
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid}
          - {name: Chris López, craft: Engineering, level: Mid}
          - {name: Ed Old, craft: Engineering, level: Mid}
        teams:
          - name: Payments
            lead: Ana Souza
            members: [Bo Chen, Chris López, Ed Old]

        """

    static func day(_ text: String) -> Day { Day(text) ?? .distantPast }

    /// Who is in each team on `day`, by name, the lead first.
    static func teams(_ fixture: EditFixture, on text: String) -> [String: [String]] {
        let roster = fixture.load().roster
        let state = roster.on(day(text))
        var out: [String: [String]] = [:]
        for team in state.teams where team.presence.status(on: day(text)) == .present {
            let members = team.members.map(\.value.name).filter { $0 != team.lead.value.name }
            out[team.name.value] = [team.lead.value.name] + members
        }
        return out
    }

    static func quarter() throws -> EditFixture {
        var quarter = EditFixture(files: [("r.yaml", text)])
        let d = day("2027-01-04")
        try quarter.apply(.on(d, .addPerson(NewPerson(name: "Dee Nakamura", craft: .design, level: .senior))))
        try quarter.apply(.on(d, .addTeam(name: "Mobile", lead: "Dee Nakamura", members: ["Chris López"])))
        try quarter.apply(.on(day("2027-01-01"), .removePerson("Ed Old")))
        try quarter.apply(.on(day("2027-01-01"), .setPerson("Bo Chen", PersonChanges(level: .senior))))
        try quarter.apply(.on(day("2027-04-01"), .move(person: "Bo Chen", team: "Mobile", role: .member)))
        return quarter
    }

    @Test func aQuarterWrittenFromTheCommandsMeansOneStateEachDay() throws {
        let quarter = try Self.quarter()
        #expect(quarter.load().isValid, "\(quarter.load().diagnostics)")
        #expect(
            Self.teams(quarter, on: "2026-12-31") == ["Payments": ["Ana Souza", "Bo Chen", "Chris López", "Ed Old"]])
        #expect(Self.teams(quarter, on: "2027-01-01") == ["Payments": ["Ana Souza", "Bo Chen", "Chris López"]])
        #expect(
            Self.teams(quarter, on: "2027-01-04") == [
                "Payments": ["Ana Souza", "Bo Chen"], "Mobile": ["Dee Nakamura", "Chris López"],
            ])
        #expect(
            Self.teams(quarter, on: "2027-04-01") == [
                "Payments": ["Ana Souza"], "Mobile": ["Dee Nakamura", "Chris López", "Bo Chen"],
            ])
        // Bo is a Mid until his promotion's day, a Senior from it: his entry says both.
        let bo = try #require(quarter.load().roster.people.first { $0.name.value == "Bo Chen" })
        #expect(bo.level == .mid && bo.changes.map(\.on.value) == [Self.day("2027-01-01")])
        #expect(bo.levelOn(Self.day("2026-12-31")) == .mid && bo.levelOn(Self.day("2027-01-01")) == .senior)
        let ed = try #require(quarter.load().roster.people.first { $0.name.value == "Ed Old" })
        #expect(ed.presence.lastDay?.value == Self.day("2026-12-31"))
    }

    @Test func aNewLeadOnADayKeepsTheOldOneAsAMember() throws {
        var fixture = EditFixture(files: [("r.yaml", Self.text)])
        try fixture.apply(.on(Self.day("2027-02-01"), .move(person: "Bo Chen", team: "Payments", role: .lead)))
        #expect(
            Self.teams(fixture, on: "2027-02-01") == ["Payments": ["Bo Chen", "Chris López", "Ed Old", "Ana Souza"]])
        #expect(
            fixture.texts["r.yaml"]?.contains("    changes:\n      - {on: 2027-02-01, lead: Bo Chen, members: [")
                == true)
    }

    @Test func whatContradictsTheDaysIsRefusedAndNothingIsWritten() throws {
        var quarter = EditFixture(files: [("r.yaml", Self.text)])
        try quarter.apply(
            .on(Self.day("2027-01-04"), .addPerson(NewPerson(name: "Dee Nakamura", craft: .design, level: .senior))))
        // Moved into a team before her first day.
        let early = quarter.refusal(
            .on(Self.day("2027-01-02"), .move(person: "Dee Nakamura", team: "Payments", role: .member)))
        #expect(early?.diagnostics.first?.code == .datedConflict)
        // A lead leaves on a day without a successor.
        let leaving = quarter.refusal(.on(Self.day("2027-03-01"), .removePerson("Ana Souza")))
        #expect(leaving?.diagnostics.first?.code == .editNeedsSuccessor)
        // Craft changes now: --on dates a level only.
        let craft = quarter.refusal(.on(Self.day("2027-03-01"), .setPerson("Bo Chen", PersonChanges(craft: .design))))
        #expect(craft?.diagnostics.first?.message.contains("--on dates a new level") == true)
    }

    /// Item 8: a reorganisation from the edit commands alone: the leads of teams that end on the
    /// 31st lead and join new teams from the 1st, with no successor for a team that is gone.
    @Test func leadsOfTeamsThatEndLeadAndJoinNewOnes() throws {
        let text = """
            version: 1
            defaults: {craft: Engineering, level: Mid}
            people:
              - {name: Ana Souza, level: Senior}
              - {name: Bo Chen}
              - {name: Cy Lee}
              - {name: Di Park}
              - {name: Ed Wu}
            teams:
              - {name: Search One, lead: Ana Souza, members: [Bo Chen], lastDay: 2026-12-31}
              - {name: Search Two, lead: Cy Lee, members: [Di Park], lastDay: 2026-12-31}
              - {name: Platform, lead: Ed Wu}

            """
        var fixture = EditFixture(files: [("r.yaml", text)])
        let first = Self.day("2027-01-01")
        try fixture.apply(.on(first, .addTeam(name: "Discovery A", lead: "Ana Souza", members: ["Bo Chen", "Cy Lee"])))
        try fixture.apply(.on(first, .move(person: "Di Park", team: "Platform", role: .member)))
        #expect(fixture.load().isValid, "\(fixture.load().diagnostics.map(\.message))")
        #expect(
            Self.teams(fixture, on: "2027-01-01") == [
                "Discovery A": ["Ana Souza", "Bo Chen", "Cy Lee"], "Platform": ["Ed Wu", "Di Park"],
            ])
        #expect(Self.teams(fixture, on: "2026-12-31").keys.sorted() == ["Platform", "Search One", "Search Two"])
    }

    /// Item 8: each dated edit given twice changes nothing and says so, written nowhere.
    @Test func aDatedEditGivenTwiceChangesNothing() throws {
        var fixture = EditFixture(files: [("r.yaml", Self.text)])
        let edits: [RosterEdit] = [
            .on(Self.day("2027-01-04"), .addTeam(name: "Mobile", lead: "Bo Chen", members: ["Chris López"])),
            .on(Self.day("2027-02-01"), .move(person: "Ed Old", team: "Mobile", role: .member)),
            .on(Self.day("2027-03-01"), .removePerson("Ed Old")),
            .on(Self.day("2027-03-01"), .setPerson("Chris López", PersonChanges(level: .senior))),
        ]
        for edit in edits {
            try fixture.apply(edit)
            let before = fixture.texts
            let again = try fixture.apply(edit)
            #expect(again.changed.isEmpty, "\(edit)")
            #expect(again.summary.allSatisfy { $0.hasPrefix("nothing to change") }, "\(again.summary)")
            #expect(fixture.texts == before)
        }
    }

    /// Item 8: a successor of a lead removed now, to lead a team that starts later, leaves their
    /// team on its first day, not now.
    @Test func aSuccessorMovesOnTheDayTheirTeamStarts() throws {
        let text = """
            version: 1
            defaults: {craft: Engineering, level: Mid}
            people:
              - {name: Ana Souza, level: Senior}
              - {name: Bo Chen}
              - {name: Cy Lee}
            teams:
              - {name: Search, lead: Cy Lee, members: [Bo Chen]}
              - {name: Mobile, lead: Ana Souza, starts: 2027-01-04}

            """
        var fixture = EditFixture(files: [("r.yaml", text)])
        try fixture.apply(.removePerson("Ana Souza", successor: "Bo Chen"))
        #expect(fixture.load().isValid, "\(fixture.load().diagnostics.map(\.message))")
        #expect(Self.teams(fixture, on: "2027-01-03") == ["Search": ["Cy Lee", "Bo Chen"]])
        #expect(Self.teams(fixture, on: "2027-01-04") == ["Search": ["Cy Lee"], "Mobile": ["Bo Chen"]])
    }
}
