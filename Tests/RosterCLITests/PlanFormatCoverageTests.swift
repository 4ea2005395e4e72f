import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// Every format of `roster plan` (``PlanCommand/Options/Format``, whatever cases it has) carries
/// what a reviewer must see: the changes, every warning (the deletes past `policy.maxDeletes`
/// that apply will refuse among them) and every change scheduled for a later day. A new format
/// is a case the compiler asks ``PlanCommand/rendered(_:_:json:requests:color:view:)`` for, and
/// one that drops any of it fails here.
@Suite struct PlanFormatCoverageTests {
    static let live = LiveState(
        space: LiveSpace(id: "u_8f3k2", name: "Acme", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Chris Lopez", craft: .engineering, level: .mid, focus: .backend,
                levelStartDate: "2024-03-01"),
            LiveUser(id: 2, name: "Quinn Ward", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
            LiveUser(id: 3, name: "Rae Holt", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
            LiveUser(id: 4, name: "Sam Okafor", craft: .design, level: .junior, focus: .mobile, levelStartDate: nil),
        ],
        teams: [], levels: [])

    /// Chris promoted on a later day; the three others deleted, past a limit of one.
    static let rosterText = """
        version: 1
        policy: { maxDeletes: 1 }
        people:
          - { name: Chris Lopez, craft: Engineering, focus: Backend, level: Senior, levelStartDate: 2027-01-01 }
        """

    static func plan() throws -> Plan {
        let loaded = RosterLoader().load(texts: [("roster.yaml", Array(Self.rosterText.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let made = Planner.plan(roster: loaded.roster, live: Self.live, prune: true, asOf: Day("2026-11-27")).0
        return try #require(made)
    }

    @Test(arguments: PlanCommand.Options.Format.allCases)
    func theFormatCarriesChangesWarningsAndScheduledChanges(_ format: PlanCommand.Options.Format) throws {
        let plan = try Self.plan()
        #expect(plan.scheduled.count == 1 && plan.summary.delete == 3, "\(plan.changes)")
        #expect(plan.warnings.contains { $0.message.contains(DeleteLimit.override) }, "\(plan.warnings)")
        for view in PlanRenderer.TextView.allCases {
            let shown = PlanCommand.rendered(plan, format, json: nil, requests: 4, color: false, view: view)
            for name in ["Quinn Ward", "Rae Holt", "Sam Okafor"] { #expect(shown.contains(name), "\(format): \(name)") }
            for warning in plan.warnings {
                #expect(shown.contains(DeleteLimit.override), "\(format): \(warning.message)")
                #expect(shown.contains("past policy.maxDeletes"), "\(format) \(view): \(shown)")
            }
            #expect(shown.contains("Chris Lopez") && shown.contains("2027-01-01"), "\(format) scheduled: \(shown)")
        }
    }

    /// `roster diff`'s formats carry the changes and what the newer version schedules.
    @Test(arguments: DiffCommand.Options.Format.allCases)
    func theDiffFormatCarriesChangesAndScheduledChanges(_ format: DiffCommand.Options.Format) throws {
        let plan = try Self.plan()
        let versions = DiffRenderer.Versions(from: "main", to: "the working tree", json: [])
        let shown = DiffCommand.rendered(plan, versions, format, color: false)
        for name in ["Quinn Ward", "Rae Holt", "Sam Okafor"] { #expect(shown.contains(name), "\(format): \(name)") }
        #expect(shown.contains("Chris Lopez") && shown.contains("2027-01-01"), "\(format) scheduled: \(shown)")
    }
}
