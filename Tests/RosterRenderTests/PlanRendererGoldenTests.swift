import Foundation
import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// A plan with every kind of change, rendered in every format, against golden files; and the
/// matching rules (pins, former names, ambiguity).
@Suite struct PlanRendererGoldenTests {
    static let live = LiveState(
        space: LiveSpace(id: "u_8f3k2", name: "Jane Doe", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Alice Chen", craft: .engineering, level: .senior, focus: .frontend, levelStartDate: nil),
            LiveUser(
                id: 2, name: "Bob Martinez", craft: .engineering, level: .staff, focus: .backend,
                levelStartDate: "2020-01-01"),
            LiveUser(id: 3, name: "Sam Leigh", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
            LiveUser(
                id: 4, name: "James Wright", craft: .productManagement, level: .staff, focus: .notApplicable,
                levelStartDate: nil),
            LiveUser(
                id: 5, name: "Build Bot", craft: .engineering, level: .junior, focus: .notApplicable,
                levelStartDate: nil),
            LiveUser(id: 6, name: "Old Timer", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil),
        ],
        teams: [
            LiveTeam(id: 10, name: "Web", leadID: 1, memberIDs: [1, 3, 3]),
            LiveTeam(id: 11, name: "Backend", leadID: 2, memberIDs: [6]),
            LiveTeam(id: 12, name: "Legacy", leadID: 6, memberIDs: [6]),
        ],
        levels: [(.junior, 24)])

    static func roster(_ text: String) -> Roster {
        let result = RosterLoader().load(bytes: Array(text.utf8), path: "roster.yaml")
        return RosterValidator.merge(result.0.map { [$0] } ?? []).0
    }

    static let rosterText = """
        version: 1
        defaults: { craft: Engineering, level: Mid, focus: Backend }
        people:
          - { name: Alice Chen, level: Senior, focus: Frontend, levelStartDate: 2024-03-01 }
          - { name: Bob Martinez, level: Staff, levelStartDate: null }
          - { name: Sam Lee, craft: Design, level: Junior, focus: Mobile, previously: [Sam Leigh] }
          - { name: Zoë Müller }
        teams:
          - { name: Frontend Platform, previously: [Web], lead: Sam Lee, members: [Alice Chen, Zoë Müller] }
          - { name: Backend, lead: Bob Martinez }
        levels:
          Junior: { limitMonths: 18 }
          Mid: { limitMonths: 36 }
        policy:
          prune: true
          ignore: { people: [Build Bot] }
          protected: { people: [James Wright] }
        """

    func plan() throws -> Plan {
        let (plan, diagnostics) = Planner.plan(
            roster: Self.roster(Self.rosterText), live: Self.live, prune: false,
            endpoint: "https://mps.example.com/graphql")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return try #require(plan)
    }

    @Test func textJSONAndMarkdownMatchGolden() throws {
        let plan = try plan()
        let requests = MutationBatcher().requestCount(plan)
        let output = TestSupport.goldenRoot.appendingPathComponent("output")
        let renderings = [
            ("plan-kinds.txt", PlanRenderer.text(plan, requests: requests)),
            ("plan-kinds.json", PlanRenderer.json(plan).rendered(indent: 2) + "\n"),
            ("plan-kinds.md", PlanRenderer.markdown(plan, requests: requests)),
            ("plan-kinds.color.txt", PlanRenderer.text(plan, requests: requests, color: true)),
            ("plan-kinds.resources.txt", PlanRenderer.text(plan, requests: requests, view: .resources)),
        ]
        for (name, text) in renderings {
            #expect(TestSupport.goldenMismatch(text, output.appendingPathComponent(name)) == nil, "\(name)")
        }
    }

    @Test func deletesComeAfterTeamChangesAndLeadsAreReplacedFirst() throws {
        let steps = try plan().steps
        func step(of mutation: PlanOperation.Mutation, _ name: String) -> Int? {
            steps.firstIndex { $0.contains { $0.mutation == mutation && $0.name == name } }
        }
        // Old Timer leads Legacy (deleted) and is in Backend: both go first.
        let deleteOld = try #require(step(of: .deleteUser, "Old Timer"))
        #expect(try #require(step(of: .deleteTeam, "Legacy")) < deleteOld)
        #expect(try #require(step(of: .updateTeam, "Backend")) < deleteOld)
        // Zoë is created before the team that takes her in.
        #expect(try #require(step(of: .createUser, "Zoë Müller")) < (step(of: .updateTeam, "Frontend Platform") ?? 0))
    }

    @Test func ambiguousNamesAndUnknownPinsAreErrors() {
        var live = Self.live
        live.users.append(
            LiveUser(id: 7, name: "Alice Chen", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil))
        let (plan, diagnostics) = Planner.plan(
            roster: Self.roster(Self.rosterText), live: live, prune: false, endpoint: "x")
        #expect(plan == nil)
        #expect(
            diagnostics.map(\.message) == [
                "person \"Alice Chen\" matches 2 live users (#1, #7); pin the one you mean with `id:`"
            ])
        let pinned = Self.roster("version: 1\npeople: [{name: Alice Chen, id: 99, craft: Design, level: Mid}]\n")
        let (_, pinErrors) = Planner.plan(roster: pinned, live: Self.live, prune: false, endpoint: "x")
        #expect(pinErrors.first?.message == "person \"Alice Chen\" pins id 99, but the space has no user #99")
        #expect(pinErrors.first?.location?.line == 2)
    }
}
