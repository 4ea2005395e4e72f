import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel

/// `roster set team NAME --lead P --members A,B`, now and on a day: the lead as a move as lead
/// sets it, the members the whole list (newcomers move in out of their teams, the others leave).
@Suite struct SetTeamEditTests {
    static let text = """
        version: 1
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid}
          - {name: Chris López, craft: Engineering, level: Mid}
          - {name: Dee Nakamura, craft: Design, level: Senior}
          - {name: Ed Ølsen, craft: Engineering, level: Mid}
        teams:
          - {name: Payments, lead: Ana Souza, members: [Bo Chen, Chris López]}
          - {name: Mobile, lead: Dee Nakamura, members: [Ed Ølsen]}

        """

    static func fixture() -> EditFixture { EditFixture(files: [("r.yaml", text)]) }

    @Test func theMembersAreTheWholeList() throws {
        var fixture = Self.fixture()
        let result = try fixture.apply(.setTeam("Payments", lead: nil, members: ["Bo Chen", "Ed Ølsen"]))
        #expect(
            EditDatedTests.teams(fixture, on: "2026-11-30") == [
                "Payments": ["Ana Souza", "Bo Chen", "Ed Ølsen"], "Mobile": ["Dee Nakamura"],
            ])
        #expect(result.summary.contains("Ed Ølsen: Mobile → Payments (member)"), "\(result.summary)")
        #expect(result.summary.contains("Chris López: Payments → no team"), "\(result.summary)")
    }

    @Test func aNewLeadKeepsTheOldOneAsAMemberUnlessTheMembersLeaveThemOut() throws {
        var kept = Self.fixture()
        try kept.apply(.setTeam("Payments", lead: "Chris López", members: nil))
        #expect(EditDatedTests.teams(kept, on: "2026-11-30")["Payments"] == ["Chris López", "Bo Chen", "Ana Souza"])
        var left = Self.fixture()
        try left.apply(.setTeam("Payments", lead: "Chris López", members: ["Bo Chen"]))
        #expect(EditDatedTests.teams(left, on: "2026-11-30")["Payments"] == ["Chris López", "Bo Chen"])
        #expect(left.load().isValid)
    }

    @Test func onADayTheTeamChangesThen() throws {
        var fixture = Self.fixture()
        let day = EditDatedTests.day("2027-01-04")
        try fixture.apply(.on(day, .setTeam("Payments", lead: "Bo Chen", members: ["Ed Ølsen"])))
        #expect(fixture.load().isValid, "\(fixture.load().diagnostics)")
        #expect(EditDatedTests.teams(fixture, on: "2027-01-03")["Payments"] == ["Ana Souza", "Bo Chen", "Chris López"])
        #expect(
            EditDatedTests.teams(fixture, on: "2027-01-04") == [
                "Payments": ["Bo Chen", "Ed Ølsen"], "Mobile": ["Dee Nakamura"],
            ])
    }

    @Test func theSameMembersChangeNothingAndAStrangerIsRefused() throws {
        var fixture = Self.fixture()
        let same = try fixture.apply(.setTeam("Payments", lead: nil, members: ["Chris López", "Bo Chen", "Ana Souza"]))
        #expect(same.changed.isEmpty && same.summary == ["nothing to change: team Payments already has these members"])
        let refusal = fixture.refusal(.setTeam("Payments", lead: nil, members: ["Bo Chan"]))
        #expect(refusal?.diagnostics.first?.message.contains("did you mean") == true, "\(String(describing: refusal))")
        // A lead of another team moves in only with a successor there: `roster move` says whom.
        let lead = fixture.refusal(.setTeam("Payments", lead: nil, members: ["Dee Nakamura"]))
        let told = "`roster move \"Dee Nakamura\" --to \"Payments\" --successor NAME`"
        #expect(lead?.diagnostics.first?.message.contains(told) == true, "\(String(describing: lead))")
    }
}
