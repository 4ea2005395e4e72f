import Foundation
import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// A plan that schedules promotions for later days, in every format: the Scheduled section lists
/// them by day, in people's words, and counts nothing toward the plan's changes.
@Suite struct ScheduledPlanGoldenTests {
    static let live = LiveState(
        space: LiveSpace(id: "u_8f3k2", name: "Jane Doe", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Chris López", craft: .engineering, level: .mid, focus: .backend,
                levelStartDate: "2024-03-01"),
            LiveUser(id: 2, name: "Zoë Müller", craft: .design, level: .junior, focus: .mobile),
            LiveUser(
                id: 3, name: "Amara Okafor", craft: .engineering, level: .senior, focus: .backend,
                levelStartDate: "2022-05-01"),
        ],
        teams: [], levels: [])

    static let rosterText = """
        version: 1
        defaults: { craft: Engineering, focus: Backend }
        people:
          - { name: Chris López, level: Senior, focus: Fullstack, levelStartDate: 2027-01-01 }
          - { name: Zoë Müller, craft: Design, level: Mid, focus: Mobile, levelStartDate: 2027-01-01 }
          - { name: Amara Okafor, level: Staff, levelStartDate: 2027-04-01 }
        """

    @Test func scheduledSectionInEveryFormat() throws {
        let loaded = RosterLoader().load(texts: [("roster.yaml", Array(Self.rosterText.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let plan = try #require(
            Planner.plan(
                roster: loaded.roster, live: Self.live, prune: false, endpoint: "https://mps.example.com/graphql",
                asOf: Day("2026-11-27")
            ).0)
        #expect(plan.scheduled.count == 3 && plan.summary.update == 1)
        let requests = MutationBatcher().requestCount(plan)
        let output = TestSupport.goldenRoot.appendingPathComponent("output")
        let renderings = [
            ("plan-scheduled.txt", PlanRenderer.text(plan, requests: requests)),
            ("plan-scheduled.resources.txt", PlanRenderer.text(plan, requests: requests, view: .resources)),
            ("plan-scheduled.json", PlanRenderer.json(plan).rendered(indent: 2) + "\n"),
            ("plan-scheduled.md", PlanRenderer.markdown(plan, requests: requests)),
        ]
        for (name, text) in renderings {
            #expect(TestSupport.goldenMismatch(text, output.appendingPathComponent(name)) == nil, "\(name)")
        }
    }
}
