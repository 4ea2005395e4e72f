import Foundation
import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// The people view of typical reorganisations, as text, Markdown and JSON (golden files), and a
/// reorganisation of 3,000 people as a pull-request comment.
@Suite struct PeopleViewGoldenTests {
    static let at = SourceLocation(file: "r.yaml", line: 1, column: 1)
    static let space = LiveSpace(id: "u_8f3k2", name: "Jane Doe", isOwner: true)

    static func user(_ id: Int, _ name: String, _ level: JobLevel = .mid) -> LiveUser {
        LiveUser(id: id, name: name, craft: .engineering, level: level, focus: .backend, levelStartDate: nil)
    }

    static func entry(_ user: LiveUser, level: JobLevel? = nil) -> PersonEntry {
        PersonEntry(
            name: Located(user.name, at: at), craft: user.craft, level: level ?? user.level, focus: user.focus,
            levelStartDate: .unmanaged, location: at)
    }

    static func team(_ name: String, lead: String, _ members: [String]) -> TeamEntry {
        TeamEntry(
            name: Located(name, at: at), lead: Located(PersonReference(parsing: lead), at: at),
            members: members.map { Located(PersonReference(parsing: $0), at: at) }, location: at)
    }

    static let users = [
        user(1, "Ana Lima"), user(2, "Bo Berg"), user(3, "Cy Moss"), user(4, "David Kim", .junior),
        user(5, "Grace Tanaka"), user(6, "Leo Santos"), user(7, "Maya Patel"), user(8, "Nia Ford"),
    ]

    /// Three teams: Frontend Platform (Ana; Leo, Cy), Backend Services (Bo; Grace, Nia), Design
    /// Systems (David; Maya).
    static let live = LiveState(
        space: space, users: users,
        teams: [
            LiveTeam(id: 1, name: "Frontend Platform", leadID: 1, memberIDs: [1, 6, 3]),
            LiveTeam(id: 2, name: "Backend Services", leadID: 2, memberIDs: [2, 5, 8]),
            LiveTeam(id: 3, name: "Design Systems", leadID: 4, memberIDs: [4, 7]),
        ], levels: [])

    static func plan(_ teams: [TeamEntry], promote: [String: JobLevel] = [:]) throws -> Plan {
        var roster = Roster()
        roster.people = users.map { entry($0, level: promote[$0.name]) }
        roster.teams = teams
        let (plan, diagnostics) = Planner.plan(roster: roster, live: live, prune: false, endpoint: "https://mps.test")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try #require(plan)
    }

    static func golden(_ name: String, _ plan: Plan) {
        let output = TestSupport.goldenRoot.appendingPathComponent("output")
        let requests = MutationBatcher().requestCount(plan)
        for (suffix, text) in [
            ("txt", PlanRenderer.text(plan, requests: requests)),
            ("md", PlanRenderer.markdown(plan, requests: requests)),
            ("json", PeopleViewRenderer.json(PeopleView(plan)).rendered(indent: 2) + "\n"),
        ] {
            let file = output.appendingPathComponent("people-\(name).\(suffix)")
            #expect(TestSupport.goldenMismatch(text, file) == nil, "people-\(name).\(suffix)")
        }
    }

    /// Leo to Backend Services; Grace out of Backend Services to lead a new team, Platform
    /// Infra; Maya from Design Systems to Platform Infra; David promoted.
    static func reorganisation() throws -> Plan {
        try plan(
            [
                team("Frontend Platform", lead: "Ana Lima", ["Cy Moss"]),
                team("Backend Services", lead: "Bo Berg", ["Nia Ford", "Leo Santos"]),
                team("Design Systems", lead: "David Kim", []),
                team("Platform Infra", lead: "Grace Tanaka", ["Maya Patel"]),
            ], promote: ["David Kim": .mid])
    }

    @Test func theIssuesReorganisation() throws {
        let plan = try Self.reorganisation()
        Self.golden("reorganisation", plan)
    }

    /// A new team of Cy (from Frontend), Nia (from Backend) and Maya (from Design, its lead).
    @Test func aNewTeamFormedFromThreeTeams() throws {
        let plan = try Self.plan([
            Self.team("Frontend Platform", lead: "Ana Lima", ["Leo Santos"]),
            Self.team("Backend Services", lead: "Bo Berg", ["Grace Tanaka"]),
            Self.team("Design Systems", lead: "David Kim", []),
            Self.team("Mobile", lead: "Maya Patel", ["Cy Moss", "Nia Ford"]),
        ])
        Self.golden("new-team", plan)
        let view = PeopleView(plan)
        #expect(view.count(.moves) == 3)
    }

    /// Ana and Leo swap: Leo leads Frontend Platform, Ana is a member.
    @Test func aLeadSwap() throws {
        let plan = try Self.plan([
            Self.team("Frontend Platform", lead: "Leo Santos", ["Ana Lima", "Cy Moss"]),
            Self.team("Backend Services", lead: "Bo Berg", ["Grace Tanaka", "Nia Ford"]),
            Self.team("Design Systems", lead: "David Kim", ["Maya Patel"]),
        ])
        Self.golden("lead-swap", plan)
        let text = PlanRenderer.text(plan, requests: 1)
        #expect(
            text.contains("lead → member of Frontend Platform") && text.contains("member → lead of Frontend Platform"))
    }

    /// Apply's report ends in people's words; someone whose team update failed is named apart.
    @Test func theReportSaysWhatHappenedToWhom() throws {
        let plan = try Self.reorganisation()
        var report = ApplyReport()
        report.entries = plan.steps.joined().map { op in
            ApplyReport.Entry(operation: op, status: op.name == "Design Systems" ? .failed("refused") : .applied)
        }
        report.people = PeopleView(plan)
        let text = ReportRenderer.text(report)
        #expect(text.contains("People: 2 moved, 1 promoted, 0 joined, 0 left.\n"), "\(text)")
        #expect(text.contains("  Leo Santos moved to Backend Services.\n"))
        #expect(text.contains("  Grace Tanaka moved to Platform Infra, as its lead.\n"))
        #expect(text.contains("  David Kim is now Mid.\n"))
        #expect(text.contains("Not done for 1 person: Maya Patel"))
    }

    /// Leo renamed in the roster without `previously:`: the plan says it looks like a rename and
    /// names the line that makes it one, also when `--prune` would delete him.
    @Test func aRenameThatWasNotDeclaredIsPointedOut() throws {
        var roster = Roster()
        roster.people = Self.users.map { Self.entry($0) }
        roster.people[5].name = Located("Leonardo Santos", at: Self.at)
        roster.people[5].key = NameKey("Leonardo Santos")
        for prune in [false, true] {
            let plan = try #require(Planner.plan(roster: roster, live: Self.live, prune: prune).0)
            let warning = plan.warnings.first { if case .looksLikeRename = $0 { true } else { false } }
            let message = try #require(warning?.message)
            #expect(message.contains("`previously: [\"Leo Santos\"]` to \"Leonardo Santos\""), "\(message)")
            #expect(message.contains("losing their history") == prune)
            #expect(
                PlanRenderer.text(plan, requests: 1).contains("warning: person \"Leonardo Santos\" would be created"))
        }
    }

    /// 3,000 people in 300 teams: one member of each team moves to the next, every tenth person
    /// is promoted. The comment stays under GitHub's limit, leads with the reorganisation's
    /// counts, and says what it left out.
    @Test func aReorganisationOfThreeThousandStaysReadable() throws {
        let people = (0..<3000).map { Self.user($0 + 1, "Person \($0)", .junior) }
        let teams = (0..<300).map { t in
            LiveTeam(id: 10_000 + t, name: "Team \(t)", leadID: t * 10 + 1, memberIDs: (0..<10).map { t * 10 + $0 + 1 })
        }
        let live = LiveState(space: Self.space, users: people, teams: teams, levels: [])
        var roster = Roster()
        roster.people = people.enumerated().map { Self.entry($1, level: $0 % 10 == 5 ? .mid : nil) }
        roster.teams = (0..<300).map { t in
            // Member 9 of each team moves on to the next team.
            let own = (1..<9).map { "Person \(t * 10 + $0)" }
            let incoming = "Person \(((t + 299) % 300) * 10 + 9)"
            return Self.team("Team \(t)", lead: "Person \(t * 10)", own + [incoming])
        }
        let plan = try #require(Planner.plan(roster: roster, live: live, prune: false).0)
        let view = PeopleView(plan)
        #expect(view.count(.moves) == 300)
        let text = PlanRenderer.markdown(plan, requests: 10)
        #expect(text.count <= 60_000, "\(text.count)")
        #expect(text.contains("**300 move, 300 promoted, 0 join, 0 leave**"))
        #expect(text.contains("#### Reorganisation") && text.contains("| Team 0 | Team 1 | 1 |"))
        #expect(text.contains("| Junior | Mid | 300 | ⬆️ up |"))
        #expect(text.contains("left out** to keep this comment under 60000 characters"))
    }
}
