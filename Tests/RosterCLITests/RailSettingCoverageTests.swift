import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender
@testable import RosterSession

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
        let loaded = Self.load("\(c.setting.key.rawValue): \(standard)")
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

    /// Ada leads Core with Bo, Cy leads Edge with Di; the roster moves Bo to Edge and (under prune)
    /// deletes Di: a plan that does one of everything a rail counts.
    static let live = LiveState(
        space: LiveSpace(id: "u_1", name: "Acme", isOwner: true),
        users: [
            LiveUser(
                id: 1, name: "Ada Park", craft: .engineering, level: .senior, focus: .backend, levelStartDate: nil),
            LiveUser(id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .mobile, levelStartDate: nil),
            LiveUser(
                id: 3, name: "Cy Moreau", craft: .engineering, level: .staff, focus: .frontend, levelStartDate: nil),
            LiveUser(
                id: 4, name: "Di Okafor", craft: .engineering, level: .junior, focus: .frontend, levelStartDate: nil),
        ],
        teams: [
            LiveTeam(id: 10, name: "Core", leadID: 1, memberIDs: [1, 2]),
            LiveTeam(id: 11, name: "Edge", leadID: 3, memberIDs: [3, 4]),
        ], levels: [])

    static func people(_ policy: String) -> String {
        """
        version: 1
        policy: { prune: true, \(policy) }
        people:
          - { name: Ada Park, craft: Engineering, level: Senior, focus: Backend }
          - { name: Bo Lind, craft: Design, level: Mid, focus: Mobile }
          - { name: Cy Moreau, craft: Engineering, level: Staff, focus: Frontend }
        teams:
          - { name: Core, lead: Ada Park, members: [] }
          - { name: Edge, lead: Cy Moreau, members: [Bo Lind] }
        """
    }

    /// At its strictest, a setting's rail warns of the plan (naming the setting and the flag) and
    /// refuses to apply it unless the flag is given: a setting read but held by no rail fails here.
    @Test(arguments: settings) func aPlanPastTheSettingIsWarnedOfAndRefused(_ c: SettingCase) throws {
        let key = c.setting.key.rawValue, override = c.setting.override
        let text = Self.people("\(key): \(c.setting.strictest)")
        let loaded = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let plan = try #require(Planner.plan(roster: loaded.roster, live: Self.live, prune: true).0)
        let warned = plan.warnings.map(\.message).filter { $0.contains("policy.\(key)") }
        #expect(!warned.isEmpty && warned.allSatisfy { $0.contains(override) }, "\(plan.warnings)")
        let facts = { (overridden: Set<RosterFormat.PolicyKey>) in
            ApplyFacts(plan: plan, roster: loaded.roster, saved: nil, overridden: overridden)
        }
        do {
            try Rails.check(.shown(facts([])))
            Issue.record("applied past policy.\(key)")
        } catch {
            let said = error.diagnostics.map(\.message).joined()
            #expect(said.contains("policy.\(key)") && said.contains(override), "\(said)")
        }
        #expect(throws: Never.self, "\(override) goes past it") { try Rails.check(.shown(facts([c.setting.key]))) }
        let standard = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.people("").utf8))]).roster
        let usual = try #require(Planner.plan(roster: standard, live: Self.live, prune: true).0)
        #expect(!usual.warnings.contains { $0.message.contains("policy.\(key)") }, "not at its standard value")
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
