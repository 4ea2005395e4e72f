import RosterModel
@testable import RosterPlanRender
import RosterDiagnostics
@testable import RosterReconcile
import Testing

/// What the report's totals count: entities, not operations, and never by name alone; and
/// that a report laid out in two parts (apply's, around its verifying read) reads the same.
@Suite struct ApplyReportTests {
    static let team = TeamFields(name: "Core", lead: .live(1), members: [.live(2)])
    static let entries: [ApplyReport.Entry] = [
        // Two people who share a name are two people created.
        .init(operation: MutationBatcherTests.person(0, name: "Ana Lima"), status: .applied(id: 10)),
        .init(operation: MutationBatcherTests.person(1, name: "Ana Lima"), status: .applied(id: 11)),
        // A team's release and final updates are one team updated; another team is another.
        .init(operation: PlanOperation(payload: .updateTeam(id: 5, Self.team), name: "Core", purpose: "release"), status: .applied(id: nil)),
        .init(operation: PlanOperation(payload: .updateTeam(id: 5, Self.team), name: "Core"), status: .applied(id: nil)),
        .init(operation: PlanOperation(payload: .updateTeam(id: 6, Self.team), name: "Core"), status: .applied(id: nil)),
        .init(operation: PlanOperation(payload: .setJobLevelLimit(.mid, 36), name: "Mid", purpose: "update"), status: .applied(id: nil)),
        .init(operation: PlanOperation(payload: .setJobLevelLimit(.junior, 24), name: "Junior"), status: .applied(id: nil)),
        .init(operation: PlanOperation(payload: .deleteUser(id: 7), name: "Old"), status: .failed("Failed query")),
        .init(operation: PlanOperation(payload: .deleteTeam(id: 8), name: "Gone"), status: .skipped("depends on a failure")),
    ]

    @Test func totalsCountEntitiesNotOperationsOrNames() {
        var report = ApplyReport()
        report.verified = true
        report.entries = Self.entries
        #expect(report.tally == ApplyReport.Tally(created: 3, updated: 3, deleted: 0, failed: 1, skipped: 1))
        #expect(!report.complete)
        report.entries.removeLast(2)
        #expect(report.complete)
    }

    @Test func aReportLaidOutBeforeItsVerificationReadsTheSame() {
        var report = ApplyReport()
        report.entries = Self.entries
        let operations = ReportRenderer.operations(report.entries, indent: 2)
        let lines = ReportRenderer.entryLines(report.entries, color: true)
        report.verified = true
        report.remaining = [Change(action: .create, kind: .person, name: "Zoë")]
        #expect(ReportRenderer.json(report, operations: operations).rendered(indent: 2) == ReportRenderer.json(report).rendered(indent: 2))
        // Rendered anywhere else than where it was made for, it is rendered afresh.
        #expect(ReportRenderer.json(report, operations: operations).rendered() == ReportRenderer.json(report).rendered())
        #expect(JSONValue.array([operations]).rendered(indent: 2) == JSONValue.array([.array(ReportRenderer.operations(report.entries))]).rendered(indent: 2))
        #expect(ReportRenderer.text(report, color: true, entryLines: lines) == ReportRenderer.text(report, color: true))
        #expect(ReportRenderer.text(report).contains("Left to do after verification (1):"))
    }
}
