import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// What a reviewer saw, fact by fact: the facts of a plan's changes, kept in the saved plan, and
/// two reviews of separate changes together covering the plan of both merged.
@Suite struct ReviewFactTests {
    static let at = SourceLocation(file: "r.yaml", line: 1, column: 1)
    static let live = LiveState(
        space: LiveSpace(id: "u_1", name: "Jane", isOwner: true),
        users: [
            LiveUser(id: 1, name: "Ana", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
            LiveUser(id: 2, name: "Ben", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil),
        ],
        teams: [LiveTeam(id: 10, name: "Core", leadID: 2, memberIDs: [2])], levels: [])

    static func roster(promote: Bool, join: Bool) -> Roster {
        var roster = Roster()
        roster.people = [
            PersonEntry(
                name: Located("Ana", at: at), craft: .design, level: promote ? .mid : .junior, focus: .mobile,
                levelStartDate: .unmanaged, location: at),
            PersonEntry(
                name: Located("Ben", at: at), craft: .design, level: .mid, focus: .mobile, levelStartDate: .unmanaged,
                location: at),
        ]
        roster.teams = [
            TeamEntry(
                name: Located("Core", at: at), lead: Located(PersonReference(parsing: "Ben"), at: at),
                members: join ? [Located(PersonReference(parsing: "Ana"), at: at)] : [], location: at)
        ]
        return roster
    }

    static func plan(_ roster: Roster) throws -> Plan {
        try #require(Planner.plan(roster: roster, live: live, prune: false).0)
    }

    @Test func twoReviewsCoverTheirMergeAndASavedPlanKeepsItsFacts() throws {
        let promotion = try Self.plan(Self.roster(promote: true, join: false))
        let joining = try Self.plan(Self.roster(promote: false, join: true))
        let reviewed = Set((promotion.changes + joining.changes).flatMap(ReviewFact.facts))
        let merged = try Self.plan(Self.roster(promote: true, join: true))
        let narrowed = ReviewCoverage.narrow(merged, reviewed: reviewed)
        #expect(narrowed.operationCount == merged.operationCount && narrowed.heldBack.isEmpty)
        // One review alone covers its own change: the other is held back, and named.
        let alone = ReviewCoverage.narrow(merged, reviewed: Set(promotion.changes.flatMap(ReviewFact.facts)))
        #expect(alone.changes.map(\.name) == ["Ana"] && alone.heldBack.count == 1, "\(alone.heldBack)")
        #expect(
            alone.heldBack.first?.contains("team \"Core\" (#10) is held back: no reviewed plan holds members: + Ana")
                == true)
        // The saved plan holds its facts, read back the same.
        let saved = SavedPlan(
            promotion, fingerprint: promotion.fingerprint, policy: Policy(),
            roster: .init(paths: ["r.yaml"], files: ["r.yaml"], sha256: "x", prune: false), selection: SelectionText())
        let read = try SavedPlan(reading: saved.json)
        #expect(read.reviewed == saved.reviewed && saved.reviewed?.isEmpty == false)
        #expect(saved.reviewed?.first?.description == "level: Junior → Mid")
    }

    /// A lead who leaves their team to lead a new one: the old team's new lead reviewed, the new
    /// team not. The old team's change is held with the new team's: otherwise they end in no team.
    @Test func aLeadMovingToAnUnreviewedNewTeamKeepsTheirTeam() throws {
        let live = LiveState(
            space: LiveSpace(id: "u_1", name: "Jane", isOwner: true),
            users: [
                LiveUser(id: 1, name: "Eve", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil),
                LiveUser(id: 2, name: "Ned", craft: .design, level: .senior, focus: .mobile, levelStartDate: nil),
            ],
            teams: [LiveTeam(id: 100, name: "Team 0", leadID: 2, memberIDs: [2, 1])], levels: [])
        var roster = Roster()
        roster.people = [
            PersonEntry(
                name: Located("Eve", at: Self.at), craft: .design, level: .mid, focus: .mobile,
                levelStartDate: .unmanaged, location: Self.at),
            PersonEntry(
                name: Located("Ned", at: Self.at), craft: .design, level: .senior, focus: .mobile,
                levelStartDate: .unmanaged, location: Self.at),
        ]
        roster.teams = [
            TeamEntry(
                name: Located("Team 0", at: Self.at), lead: Located(PersonReference(parsing: "Eve"), at: Self.at),
                members: [], location: Self.at),
            TeamEntry(
                name: Located("Team 3", at: Self.at), lead: Located(PersonReference(parsing: "Ned"), at: Self.at),
                members: [], location: Self.at),
        ]
        let full = try #require(Planner.plan(roster: roster, live: live, prune: false).0)
        let facts = full.changes.flatMap(ReviewFact.facts)
        let lead = facts.filter { $0.entity == "#100" }
        #expect(!lead.isEmpty, "\(facts.map(\.description))")
        let narrowed = ReviewCoverage.narrow(full, reviewed: Set(lead))
        #expect(narrowed.operationCount == 0, "\(narrowed.steps.joined().map(\.name))")
    }
}
