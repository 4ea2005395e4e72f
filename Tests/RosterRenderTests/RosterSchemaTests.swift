import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterRender

/// The format's keys are one table (``FormatKey``): the decoder reads mappings by it and the JSON
/// Schema is built from it, so these tests check what the table cannot: that the docs describe
/// every key, and that the schema's mappings are the decoder's, none left open.
@Suite struct RosterSchemaTests {
    static let tables: [(kind: String, keys: [String])] = [
        ("top level", names(RosterFormat.TopLevelKey.self)), ("person", names(RosterFormat.PersonKey.self)),
        ("team", names(RosterFormat.TeamKey.self)), ("defaults", names(RosterFormat.DefaultsKey.self)),
        ("levels", names(RosterFormat.LevelKey.self)), ("policy", names(RosterFormat.PolicyKey.self)),
        ("policy lists", names(RosterFormat.KindListsKey.self)), ("rules", names(RosterFormat.RulesKey.self)),
        ("a rule", names(RosterFormat.RuleKey.self)), ("access", names(RosterFormat.AccessKey.self)),
        ("a team change", names(RosterFormat.TeamChangeKey.self)),
    ]

    static func names<Key: FormatKey>(_: Key.Type) -> [String] { Key.allCases.map(\.name) }

    @Test func theDocsDescribeEveryKeyOfTheFormat() throws {
        let docs = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/roster-file.md"), encoding: .utf8)
        for (kind, keys) in Self.tables {
            for key in keys {
                let written = ["`\(key)", "\(key):", "\"\(key)\""].contains { docs.contains($0) }
                #expect(written, "\(kind): \(key)")
            }
        }
    }

    @Test func everyMappingOfTheSchemaIsClosed() {
        func walk(_ node: JSONValue, _ path: String) {
            switch node {
            case .object(let pairs):
                if pairs.contains(where: { $0.0 == "properties" })
                    && !pairs.contains(where: { $0.0 == "propertyNames" })
                {
                    #expect(node["additionalProperties"] == .bool(false), "\(path)")
                }
                for (key, value) in pairs { walk(value, path + "/" + key) }
            case .array(let items):
                for (i, item) in items.enumerated() { walk(item, path + "[\(i)]") }
            default: break
            }
        }
        walk(RosterSchema.document(), "")
    }
}
