import RosterTestSupport
import Testing

@testable import RosterApply
@testable import RosterReconcile

/// What a second interrupt lists: the operations of the documents still out, in the order they
/// were sent, described only when asked.
@Suite struct ApplyControlTests {
    @Test func inFlightListsTheDocumentsStillOutInTheOrderSent() {
        let control = ApplyControl()
        let step = [
            OperationFixtures.person(0, name: "Ana"), OperationFixtures.person(1, name: "Ben"),
            OperationFixtures.update(7),
        ]
        let first = control.began([2, 0], of: step)
        let second = control.began([1], of: step)
        #expect(control.inFlight == ["updateUser \"U7\"", "createUser \"Ana\"", "createUser \"Ben\""])
        control.ended(first)
        #expect(control.inFlight == ["createUser \"Ben\""])
        control.ended(second)
        #expect(control.inFlight.isEmpty)
        #expect(!control.stopRequested)
        #expect(control.requestStop() == 1 && control.requestStop() == 2 && control.stopRequested)
    }
}
