import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// Every `policy` setting a rail holds plans to (``PolicySetting``; the settings are the keys
/// whose ``RosterFormat/PolicyKey/setting`` names a type) reaches every place a setting must:
/// the decoder (a wrong value is a positioned error, the standard value reads back), the schema,
/// apply's options, usage and help (the flag that goes past it) and the saved plan's record.
/// Driven by the settings alone: a new setting fails here until each place is done.
@Suite struct RailSettingCoverageTests {
    static let settings = RosterFormat.PolicyKey.settings.map { SettingCase($0) }

    /// A setting, for the test's arguments.
    struct SettingCase: CustomStringConvertible, Sendable {
        let setting: any PolicySetting.Type
        init(_ setting: any PolicySetting.Type) { self.setting = setting }
        var description: String { setting.key.rawValue }
    }

    static func load(_ policy: String) -> RosterLoader.Result {
        let text = "version: 1\npolicy:\n  \(policy)\npeople: []\n"
        return RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))])
    }

    @Test func thereIsASetting() { #expect(!Self.settings.isEmpty) }

    @Test(arguments: settings) func aWrongValueIsAPositionedError(_ c: SettingCase) {
        let key = c.setting.key.rawValue
        let loaded = Self.load("\(key): banana")
        #expect(!loaded.isValid)
        let error = loaded.diagnostics.first { $0.message.contains(key) }
        #expect(
            error?.location?.line == 3 && error?.location?.column == key.count + 5,
            "at the value: \(loaded.diagnostics)")
        #expect(error?.message.contains(c.setting.expected) == true, "\(loaded.diagnostics)")
    }

    @Test(arguments: settings) func theStandardValueReadsBackAndIsRecorded(_ c: SettingCase) throws {
        let standard = c.setting.standard.description
        let loaded = Self.load("\(c.setting.key.rawValue): \"\(standard)\"")
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        #expect(c.setting.recorded(loaded.roster.policy) == standard)
        #expect(c.setting.recorded(Policy()) == standard, "the value where the roster states none")
        let empty = LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: [], teams: [], levels: [])
        let plan = try #require(Planner.plan(roster: loaded.roster, live: empty, prune: false).0)
        let files = SavedPlan.RosterFiles(paths: ["r.yaml"], files: ["r.yaml"], sha256: "x", prune: false)
        let saved = SavedPlan(
            plan, fingerprint: plan.fingerprint, policy: loaded.roster.policy, roster: files,
            selection: SelectionText())
        #expect(saved.json[c.setting.key.rawValue]?.stringValue == standard, "the saved plan records it")
    }

    @Test(arguments: settings) func theSchemaDescribesIt(_ c: SettingCase) {
        let schema = RosterSchema.document().rendered()
        #expect(
            schema.contains(
                JSONValue.object([(c.setting.key.rawValue, c.setting.schema)]).rendered().dropFirst()
                    .dropLast()))
    }

    @Test(arguments: settings) func applyTakesItsOverride(_ c: SettingCase) async throws {
        let override = c.setting.override
        #expect(ApplyCommand.Options.specs.contains { $0.name == override && $0.value == nil }, "a flag of apply")
        #expect(ApplyCommand.usage.options.contains(override), "\(ApplyCommand.usage)")
        #expect(ApplyCommand.helpText.contains(override) && ApplyCommand.helpText.contains(c.setting.key.rawValue))
        let parsed = try ArgumentParser.parse([override], options: ApplyCommand.options, command: "apply")
        #expect(try ApplyCommand.Options(parsed).overridden == [c.setting.key])
    }
}
