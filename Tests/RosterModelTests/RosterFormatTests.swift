import Testing

@testable import RosterModel

/// The format's keys: each case is spelled by its raw value (the case's name, but the top
/// level's `$schema`), and each key has its own slot in ``Fields``.
@Suite struct RosterFormatTests {
    func check<Key: MappingKey>(_: Key.Type) {
        let keys = Key.keys
        #expect(Set(keys.strings).count == keys.strings.count, "\(Key.self): a key twice")
        #expect(keys.strings.count <= Fields<Key>.capacity)
        for (i, key) in keys.cases.enumerated() {
            #expect(keys.slot(key) == i && keys.strings[i] == key.name, "\(Key.self).\(key)")
        }
    }

    @Test func everyKeyHasItsOwnSlot() {
        check(RosterFormat.TopLevelKey.self)
        check(RosterFormat.PersonKey.self)
        check(RosterFormat.TeamKey.self)
        check(RosterFormat.DefaultsKey.self)
        check(RosterFormat.LevelKey.self)
        check(RosterFormat.PolicyKey.self)
        check(RosterFormat.KindListsKey.self)
        check(RosterFormat.RulesKey.self)
        check(RosterFormat.RuleKey.self)
        check(RosterFormat.AccessKey.self)
    }

    @Test func theTopLevelSchemaKeyKeepsItsDollar() {
        #expect(RosterFormat.TopLevelKey.schema.name == "$schema")
        #expect(RosterFormat.PersonKey.levelStartDate.name == "levelStartDate")
    }
}
