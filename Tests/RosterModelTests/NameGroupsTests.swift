import Testing

@testable import RosterModel

/// ``NameGroups``: the first value of each key, and all of them only where a key repeats.
@Suite struct NameGroupsTests {
    @Test func aKeyAddedOnceHasNoRepeatsAndAKeyAddedAgainListsAllInOrder() {
        var groups = NameGroups<Int>(capacity: 4)
        #expect(groups.add(1, for: NameKey("Ada")) == nil)
        #expect(groups.add(2, for: NameKey("Bo")) == nil)
        #expect(groups.add(3, for: NameKey("Ada")) == 1)
        #expect(groups.add(4, for: NameKey("Ada")) == 1)
        #expect(groups.first[NameKey("Ada")] == 1)
        #expect(groups.first[NameKey("Bo")] == 2)
        #expect(groups.repeats[NameKey("Ada")] == [1, 3, 4])
        #expect(groups.repeats[NameKey("Bo")] == nil)
    }

    @Test func keysAreNormalizedNames() {
        var groups = NameGroups<Int>()
        groups.add(1, for: NameKey("Zoë  Müller"))
        #expect(groups.add(2, for: NameKey(" Zoe\u{308} Müller ")) == 1)
    }
}
