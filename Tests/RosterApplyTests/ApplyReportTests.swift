import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// What the report's totals count: entities, not operations, and never by name alone; and
/// that a report laid out in two parts (apply's, around its verifying read) reads the same.
@Suite struct ApplyReportTests {
    static let team = TeamValues(name: "Core", lead: .live(1), members: [.live(2)])
    static let entries: [ApplyReport.Entry] = [
        // Two people who share a name are two people created.
        .init(operation: OperationFixtures.person(0, name: "Ana Lima"), status: .applied, id: 10),
        .init(operation: OperationFixtures.person(1, name: "Ana Lima"), status: .applied, id: 11),
        // A team's release and final updates are one team updated; another team is another.
        .init(
            operation: PlanOperation(payload: .updateTeam(id: 5, Self.team), name: "Core", role: .release),
            status: .applied),
        .init(operation: PlanOperation(payload: .updateTeam(id: 5, Self.team), name: "Core"), status: .applied),
        .init(operation: PlanOperation(payload: .updateTeam(id: 6, Self.team), name: "Core"), status: .applied),
        .init(
            operation: PlanOperation(payload: .setJobLevelLimit(.mid, 36), name: "Mid", replacesLimit: true),
            status: .applied),
        .init(operation: PlanOperation(payload: .setJobLevelLimit(.junior, 24), name: "Junior"), status: .applied),
        .init(operation: PlanOperation(payload: .deleteUser(id: 7), name: "Old"), status: .failed("Failed query")),
        .init(
            operation: PlanOperation(payload: .deleteTeam(id: 8), name: "Gone"),
            status: .skipped("depends on a failure")),
    ]

    @Test func totalsCountEntitiesNotOperationsOrNames() {
        var report = ApplyReport()
        report.verification = .checked(remaining: [])
        report.entries = Self.entries
        #expect(report.tally == ApplyReport.Tally(created: 3, updated: 3, deleted: 0, failed: 1, skipped: 1))
        #expect(!report.complete)
        report.entries.removeLast(2)
        #expect(report.complete)
    }

    @Test func everyStatusIsOneLineWithItsIDAndNamesAreEscaped() {
        var report = ApplyReport()
        var evil = OperationFixtures.update(9)
        evil.name = "Mallory\r\u{1B}[2K"
        report.entries = [
            .init(operation: OperationFixtures.person(0, name: "Ana"), status: .applied, id: 12),
            .init(
                operation: PlanOperation(payload: .deleteUser(id: 7), name: "Old"),
                status: .failed("MPS keeps this person"),
                serverMessage: "Failed query: delete from \"users\""),
            .init(operation: PlanOperation(payload: .deleteTeam(id: 8), name: "Gone"), status: .skipped("needs x")),
            .init(operation: evil, status: .notRun("interrupted before it was sent")),
            .init(operation: OperationFixtures.person(1, name: "Bo"), status: .unknown("no answer")),
        ]
        report.stop = .interrupted
        let text = ReportRenderer.text(report)
        #expect(
            text == """
                  ✓ createUser "Ana" (#12)
                  ✗ deleteUser "Old" (#7): MPS keeps this person
                      server said: Failed query: delete from "users"
                  - deleteTeam "Gone" (#8): skipped, needs x
                  · updateUser "Mallory\\u{D}\\u{1B}[2K" (#9): not run, interrupted before it was sent
                  ? createUser "Bo": unknown outcome, no answer
                Interrupted: requests in flight were waited for; nothing more was sent.
                Not verified: apply stopped before the end.
                Apply incomplete: 1 created, 0 updated, 0 deleted; 1 failed, 1 skipped, 1 not run, 1 unknown.

                """)
        let json = ReportRenderer.json(report)
        guard case .array(let operations)? = json["operations"] else { Issue.record("no operations"); return }
        #expect(operations.map { $0["status"]?.stringValue } == ["applied", "failed", "skipped", "not-run", "unknown"])
        #expect(operations.map { $0["id"] } == [.int(12), .int(7), .int(8), .int(9), nil])
        #expect(json["stopped"]?["kind"]?.stringValue == "interrupted")
    }
}
