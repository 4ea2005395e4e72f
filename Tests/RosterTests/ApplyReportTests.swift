import RosterModel
@testable import RosterReconcile
import Testing

/// What the report's totals count: entities, not operations, and never by name alone.
@Suite struct ApplyReportTests {
    @Test func totalsCountEntitiesNotOperationsOrNames() {
        let team = TeamFields(name: "Core", lead: .live(1), members: [.live(2)])
        var report = ApplyReport()
        report.verified = true
        report.entries = [
            // Two people who share a name are two people created.
            .init(operation: MutationBatcherTests.person(0, name: "Ana Lima"), status: .applied(id: 10)),
            .init(operation: MutationBatcherTests.person(1, name: "Ana Lima"), status: .applied(id: 11)),
            // A team's release and final updates are one team updated; another team is another.
            .init(operation: PlanOperation(payload: .updateTeam(id: 5, team), name: "Core", purpose: "release"), status: .applied(id: nil)),
            .init(operation: PlanOperation(payload: .updateTeam(id: 5, team), name: "Core"), status: .applied(id: nil)),
            .init(operation: PlanOperation(payload: .updateTeam(id: 6, team), name: "Core"), status: .applied(id: nil)),
            .init(operation: PlanOperation(payload: .setJobLevelLimit(.mid, 36), name: "Mid", purpose: "update"), status: .applied(id: nil)),
            .init(operation: PlanOperation(payload: .setJobLevelLimit(.junior, 24), name: "Junior"), status: .applied(id: nil)),
            .init(operation: PlanOperation(payload: .deleteUser(id: 7), name: "Old"), status: .failed("Failed query")),
            .init(operation: PlanOperation(payload: .deleteTeam(id: 8), name: "Gone"), status: .skipped("depends on a failure")),
        ]
        #expect(report.tally == ApplyReport.Tally(created: 3, updated: 3, deleted: 0, failed: 1, skipped: 1))
        #expect(!report.complete)
        report.entries.removeLast(2)
        #expect(report.complete)
    }
}
