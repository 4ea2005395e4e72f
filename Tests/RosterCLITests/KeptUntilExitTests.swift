import RosterCLI
import Testing

/// ``KeptUntilExit`` keeps what a command hands it exactly as long as its owner lives: the process's
/// context until the exit, a test's context until the test drops it. Nothing is global.
@Suite struct KeptUntilExitTests {
    final class Tracked: Sendable {}

    @Test func keptValuesLiveAsLongAsTheirOwnerAndNoLonger() {
        weak var watched: Tracked?
        var kept: KeptUntilExit? = KeptUntilExit()
        do {
            let value = Tracked()
            watched = value
            kept?.keep((value, [value, value]))
        }
        #expect(watched != nil)
        kept = nil
        #expect(watched == nil)
    }

    @Test func eachOwnerKeepsOnlyItsOwn() {
        weak var first: Tracked?
        weak var second: Tracked?
        let keeper = KeptUntilExit()
        var other: KeptUntilExit? = KeptUntilExit()
        do {
            let a = Tracked(), b = Tracked()
            (first, second) = (a, b)
            keeper.keep(a)
            other?.keep(b)
        }
        other = nil
        #expect(first != nil)
        #expect(second == nil)
    }
}
