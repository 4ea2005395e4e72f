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
            LiveUser(id: 2, name: "Zoë Müller", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
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

    /// A quarter's dated reorganisation: a leaver's last day, a team change on the first of the
    /// quarter, a hire who starts on the 4th with the team she leads.
    static let quarterLive = LiveState(
        space: LiveSpace(id: "u_8f3k2", name: "Jane Doe", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Ana Souza", craft: .engineering, level: .senior, focus: .backend, levelStartDate: nil),
            LiveUser(id: 2, name: "Bo Chen", craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil),
            LiveUser(
                id: 3, name: "Chris López", craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil),
            LiveUser(id: 5, name: "Ed Old", craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil),
        ],
        teams: [LiveTeam(id: 10, name: "Payments", leadID: 1, memberIDs: [1, 2, 3, 5])], levels: [])

    static let quarterText = """
        version: 1
        defaults: { craft: Engineering, focus: Backend }
        people:
          - { name: Ana Souza, level: Senior }
          - { name: Bo Chen, level: Mid }
          - { name: Chris López, level: Mid }
          - { name: Dee Nakamura, craft: Design, level: Senior, focus: Mobile, starts: 2027-01-04 }
          - { name: Ed Old, level: Mid, lastDay: 2026-12-31 }
        teams:
          - name: Payments
            lead: Ana Souza
            members: [Bo Chen, Chris López, Ed Old]
            changes:
              - { on: 2027-01-01, members: [Bo Chen] }
          - name: Mobile
            lead: Dee Nakamura
            starts: 2027-01-04
            members: [Chris López]
        """

    @Test func datedEntriesInEveryFormat() throws {
        let loaded = RosterLoader().load(texts: [("roster.yaml", Array(Self.quarterText.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let plan = try #require(
            Planner.plan(
                roster: loaded.roster, live: Self.quarterLive, prune: false,
                endpoint: "https://mps.example.com/graphql", asOf: Day("2026-11-27")
            ).0)
        #expect(plan.scheduled.count == 4 && !plan.hasChanges)
        let output = TestSupport.goldenRoot.appendingPathComponent("output")
        let renderings = [
            ("plan-dated.txt", PlanRenderer.text(plan, requests: 0)),
            ("plan-dated.json", PlanRenderer.json(plan).rendered(indent: 2) + "\n"),
            ("plan-dated.md", PlanRenderer.markdown(plan, requests: 0)),
        ]
        for (name, text) in renderings {
            #expect(TestSupport.goldenMismatch(text, output.appendingPathComponent(name)) == nil, "\(name)")
        }
    }
}
