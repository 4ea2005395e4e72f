import RosterCore
import RosterRender
import Testing

@testable import RosterModel

/// The JSON Schema editors check rosters with names exactly the keys the decoder reads, so an
/// editor never accepts what `validate` refuses, or flags what it reads.
@Suite struct RosterSchemaTests {
    static func properties(_ schema: JSONValue?) -> [String] {
        guard case .object(let pairs)? = schema?["properties"] else { return [] }
        return pairs.map(\.0).sorted()
    }

    @Test func theSchemaNamesExactlyTheKeysTheDecoderReads() {
        let schema = RosterSchema.document()
        let top = schema["properties"]
        let expected: [(String, JSONValue?, [String])] = [
            ("top level", schema, RosterFormat.TopLevelKey.keys.strings),
            ("person", schema["$defs"]?["person"], RosterFormat.PersonKey.keys.strings),
            ("team", schema["$defs"]?["team"], RosterFormat.TeamKey.keys.strings),
            ("defaults", top?["defaults"], RosterFormat.DefaultsKey.keys.strings),
            ("policy", top?["policy"], RosterFormat.PolicyKey.keys.strings),
            ("access", top?["access"], RosterFormat.AccessKey.keys.strings),
            ("rules", top?["rules"], RosterFormat.RulesKey.keys.strings),
        ]
        for (kind, node, keys) in expected {
            #expect(Self.properties(node) == keys.sorted(), "\(kind)")
        }
    }
}
