import Testing

@testable import RosterModel

/// The keys the decoder reads: each kind's keys are spelled as their cases are named (only the
/// top level's `$schema` differs), unique, and numbered in order for ``Fields``.
@Suite struct RosterFormatTests {
    static func spellings<Key: MappingKey>(_: Key.Type) -> [(name: String, spelling: String)] {
        Key.allCases.map { ("\($0)", $0.spelling.description) }
    }

    static let kinds: [(String, [(name: String, spelling: String)], [String])] = [
        ("top level", spellings(RosterFormat.TopLevelKey.self), RosterFormat.TopLevelKey.keys.strings),
        ("person", spellings(RosterFormat.PersonKey.self), RosterFormat.PersonKey.keys.strings),
        ("team", spellings(RosterFormat.TeamKey.self), RosterFormat.TeamKey.keys.strings),
        ("defaults", spellings(RosterFormat.DefaultsKey.self), RosterFormat.DefaultsKey.keys.strings),
        ("level", spellings(RosterFormat.LevelKey.self), RosterFormat.LevelKey.keys.strings),
        ("policy", spellings(RosterFormat.PolicyKey.self), RosterFormat.PolicyKey.keys.strings),
        ("kind lists", spellings(RosterFormat.KindListsKey.self), RosterFormat.KindListsKey.keys.strings),
        ("rules", spellings(RosterFormat.RulesKey.self), RosterFormat.RulesKey.keys.strings),
        ("rule", spellings(RosterFormat.RuleKey.self), RosterFormat.RuleKey.keys.strings),
        ("access", spellings(RosterFormat.AccessKey.self), RosterFormat.AccessKey.keys.strings),
    ]

    @Test(arguments: kinds)
    func keysAreSpelledAsTheirCasesAreNamed(kind: String, spellings: [(name: String, spelling: String)], keys: [String])
    {
        for key in spellings where !(kind == "top level" && key.name == "schema") {
            #expect(key.spelling == key.name, "\(kind): \(key.name)")
        }
        #expect(Set(keys).count == keys.count, "\(kind): a key twice")
        #expect(keys == spellings.map(\.spelling), "\(kind): the key set follows the cases")
    }

    @Test func theTopLevelSchemaKeyKeepsItsDollar() {
        #expect(RosterFormat.TopLevelKey.schema.spelling.description == "$schema")
    }
}
