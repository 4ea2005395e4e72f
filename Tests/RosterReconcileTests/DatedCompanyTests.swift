import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// A quarter's reorganisation at company size: 2,000 people with accented names in 100 teams;
/// half the teams end on 31 December and new ones take their people on 1 January, 40 people leave,
/// 40 hires start on the 4th in teams that list them already, 20 teams get a new lead on 1 February.
@Suite struct DatedCompanyTests {
    static let first = ["Zoë", "José", "Chloé", "Søren", "Ana", "Łukasz", "Amara", "Siobhán", "Kenji", "Noémie"]
    static let last = ["Müller", "García", "Ødegaard", "Nguyễn", "O'Brien", "Kowalczyk", "Okafor", "Dubois"]

    static func name(_ i: Int) -> String { "\(first[i % first.count]) \(last[i % last.count]) \(i)" }

    /// Team `t`'s people: 20 a team, its lead first.
    static func people(_ t: Int) -> [Int] { Array((t * 20 + 1)...(t * 20 + 20)) }

    static func company() -> (text: String, live: LiveState) {
        var lines = ["version: 1", "people:"], users: [LiveUser] = []
        for i in 1...2_040 {
            let hire = i > 2_000, leaver = !hire && i % 20 == 7 && i > 1_000 && i <= 1_800
            let dates = hire ? ", starts: 2027-01-04" : leaver ? ", lastDay: 2026-12-31" : ""
            lines.append("  - { name: \(name(i)), craft: Engineering, level: Mid, focus: Backend\(dates) }")
            if !hire {
                users.append(
                    LiveUser(
                        id: i, name: name(i), craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil))
            }
        }
        lines.append("teams:")
        var teams: [LiveTeam] = []
        for t in 0..<100 {
            let members = people(t)
            teams.append(LiveTeam(id: 10_000 + t, name: "Team \(t) Ærø", leadID: members[0], memberIDs: members))
            // Hires 2,001… join teams 50…89 on their first day, listed already.
            let hires = (50..<90).contains(t) ? [2_001 + t - 50] : []
            let listed = (members.dropFirst() + hires).map { "\"\(name($0))\"" }.joined(separator: ", ")
            var entry = "  - { name: \"Team \(t) Ærø\", lead: \"\(name(members[0]))\", members: [\(listed)]"
            if t < 50 { entry += ", lastDay: 2026-12-31" }
            if (50..<70).contains(t) { entry += ", changes: [{ on: 2027-02-01, lead: \"\(name(members[1]))\" }]" }
            lines.append(entry + " }")
            if t < 50 {
                let all = members.map { "\"\(name($0))\"" }.joined(separator: ", ")
                lines.append(
                    "  - { name: \"Équipe \(t)\", lead: \"\(name(members[0]))\", members: [\(all)], starts: 2027-01-01 }"
                )
            }
        }
        let live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true), users: users, teams: teams, levels: [])
        return (lines.joined(separator: "\n") + "\n", live)
    }

    static func counts(_ changes: [Change]) -> [String: Int] {
        changes.reduce(into: [:]) { $0["\($1.action) \($1.kind)", default: 0] += 1 }
    }

    @Test func theQuarterIsScheduledByDayThenDueDayByDay() throws {
        let (text, live) = Self.company()
        let loaded = RosterLoader().load(texts: [("company.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics.prefix(3))")
        let before = try #require(
            Planner.plan(roster: loaded.roster, live: live, prune: false, asOf: Day("2026-12-15")).0)
        #expect(!before.hasChanges)
        let days = before.scheduledDays
        #expect(days.map(\.day.description) == ["2027-01-01", "2027-01-04", "2027-02-01"])
        // The leavers also leave their 40 teams on that day.
        #expect(
            Self.counts(days[0].changes) == [
                "create team": 50, "delete team": 50, "delete person": 40, "update team": 40,
            ])
        #expect(Self.counts(days[1].changes) == ["create person": 40, "update team": 40])
        #expect(Self.counts(days[2].changes) == ["update team": 20])
        let all = try #require(Planner.plan(roster: loaded.roster, live: live, prune: false, asOf: Day("2027-02-01")).0)
        #expect(all.scheduled.isEmpty)
        #expect(
            Self.counts(all.changes) == [
                "create team": 50, "delete team": 50, "delete person": 40, "create person": 40, "update team": 40,
            ])
        // In no team after: the 40 leavers, and the 20 former leads a lead change no longer lists (a
        // change's lead is a whole value); nobody of an ended team, who all moved.
        #expect(all.deletes.first { $0.kind == .teamMembers }?.count == 60)
    }

    /// The 40 hires made early in the app, as Juniors in Mobile, each put in one of teams 90…99,
    /// where the roster does not list them: on the 4th the nightly job's due roster creates nobody
    /// and puts nobody in a second team; where the apps placed them is theirs, each told in names.
    @Test func hiresTheAppPlacedEarlyAreNeverCreatedTwiceNorPutInTwoTeams() throws {
        let (text, company) = Self.company()
        var live = company
        for k in 0..<40 {
            live.users.append(
                LiveUser(
                    id: 2_001 + k, name: Self.name(2_001 + k), craft: .engineering, level: .junior, focus: .mobile,
                    levelStartDate: nil)
            )
            live.teams[90 + k % 10].memberIDs.append(2_001 + k)
        }
        let loaded = RosterLoader().load(texts: [("company.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics.prefix(3))")
        let day = try #require(Day("2027-01-04"))
        let due = DueRoster.make(loaded.roster, live: live, asOf: day)
        let plan = try #require(Planner.plan(roster: due.roster, live: live, prune: false, asOf: day).0)
        #expect(!plan.changes.contains { $0.kind == .person && $0.action == .create })
        let hires = Set((0..<40).map { 2_001 + $0 })
        #expect(!plan.changes.contains { $0.kind == .person && hires.contains($0.id ?? 0) })
        #expect(due.conflicts.filter { $0.field == "team" }.count == 40)
    }

    @Test func aHireMovedInBeforeTheirFirstDayIsRefusedWhereItIsWritten() {
        let (text, _) = Self.company()
        let moved = text.replacingOccurrences(
            of: "changes: [{ on: 2027-02-01, lead: \"\(Self.name(1_002))\" }]",
            with: "changes: [{ on: 2027-01-02, members: [\"\(Self.name(1_003))\", \"\(Self.name(2_039))\"] }]")
        let loaded = RosterLoader().load(texts: [("company.yaml", Array(moved.utf8))])
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.first?.code == .datedConflict, "\(errors.prefix(3))")
        #expect(errors.first?.message.contains("before their first day, 2027-01-04") == true)
    }
}
