import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterReconcile

/// Apply's bookkeeping: operations found by id, whatever order the steps hold them in, and what
/// a failed prerequisite does to the operations that follow it.
@Suite struct ApplyRunTests {
    static func op(_ base: PlanOperation, id: Int, after: [Int] = []) -> PlanOperation {
        var op = base
        op.id = id
        op.after = after
        return op
    }

    @Test func operationsAreKeptInIDOrderAndFoundByID() {
        // A targeted plan: its ids have gaps, and steps do not hold them in id order.
        let run = ApplyRun(
            OperationFixtures.plan([
                [Self.op(OperationFixtures.update(7), id: 5), Self.op(OperationFixtures.person(0), id: 0)],
                [Self.op(OperationFixtures.update(8), id: 2)],
            ]))
        #expect(run.operations.map(\.id) == [0, 2, 5])
        #expect([0, 1, 2, 5, 6, 99].map { run.number(of: $0) } == [0, nil, 1, 2, nil, nil])
    }

    @Test func anOperationWhosePrerequisiteFailedIsSkippedWithTheReason() {
        let release = Self.op(OperationFixtures.update(7), id: 0)
        let final = Self.op(OperationFixtures.update(8), id: 1, after: [0])
        let plan = OperationFixtures.plan([[release], [final]])
        var run = ApplyRun(plan)
        _ = run.record(.refused("no"), of: [release], aliases: ["a0"])
        #expect(run.runnable([final], of: plan).isEmpty)
        let entry = run.report().entries[1]
        #expect(entry.status == .skipped("needs updateUser \"U7\", which did not succeed"))
    }
}
