import Foundation
import Testing

@testable import MPSClient
@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterSession

/// Every field roster manages for a person (``PersonField``, the one declaration) reaches the
/// mutation input, the fingerprint and the export. Driven by the declaration: a field added to it
/// and forgotten in one of them fails here, without this test being edited.
@Suite struct PersonFieldCoverageTests {
    static let fields = PersonValues(
        fullName: "Ada Park", craft: .engineering, level: .senior, focus: .backend, levelStartDate: "2024-03-01")

    static func user(_ fields: PersonValues) -> LiveUser {
        LiveUser(
            id: 7, name: fields.fullName, craft: fields.craft, level: fields.level, focus: fields.focus,
            levelStartDate: fields.levelStartDate)
    }

    /// `fields` with `field` set to another value.
    static func changed(_ fields: PersonValues, _ field: PersonField) -> PersonValues {
        var other = fields
        switch field {
        case .name: other.fullName = "Ada Lind"
        case .craft: other.craft = .design
        case .level: other.level = .staff
        case .focus: other.focus = .frontend
        case .levelStartDate: other.levelStartDate = "2025-01-02"
        }
        return other
    }

    static func space(_ users: [LiveUser]) -> LiveState {
        LiveState(space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: users, teams: [], levels: [])
    }

    @Test(arguments: PersonField.allCases) func anUpdateSendsTheField(_ field: PersonField) throws {
        let op = PlanOperation(payload: .updateUser(id: 7, Self.fields), name: "Ada Park")
        var packer = MutationBatcher().packer([op]) { _ in nil }
        let next = packer.next()
        let document = try #require(next)
        let body = try #require(JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let variables = try #require(body["variables"] as? [String: Any])
        let input = try #require(variables.values.compactMap { $0 as? [String: Any] }.first)
        #expect(input[field.wire.rawValue] as? String == Self.fields.text(field))
    }

    @Test(arguments: PersonField.allCases) func theFingerprintSeesTheField(_ field: PersonField) {
        let before = Fingerprint(live: Self.space([Self.user(Self.fields)]), ignoredUsers: [], ignoredTeams: [])
        let after = Fingerprint(
            live: Self.space([Self.user(Self.changed(Self.fields, field))]), ignoredUsers: [], ignoredTeams: [])
        #expect(before.digest != after.digest)
        let changed = Self.user(Self.changed(Self.fields, field))
        #expect(StoredEntity(user: Self.user(Self.fields)) != StoredEntity(user: changed))
    }

    @Test(arguments: PersonField.allCases) func theExportWritesTheField(_ field: PersonField) throws {
        var exporter = RosterExporter(live: Self.space([Self.user(Self.fields)]), pinSpace: false)
        let json = exporter.json(exporter.document())
        guard case .array(let people) = json["people"], let person = people.first else {
            Issue.record("no people in \(json)")
            return
        }
        #expect(person[field.key.name]?.stringValue == Self.fields.text(field))
    }

    @Test(arguments: PersonField.allCases) func aPlanChangesOnlyTheFieldAndKeepsTheRest(_ field: PersonField) {
        let live = Self.fields, wanted = Self.changed(Self.fields, field)
        let changes = live.changes(to: wanted)
        #expect(changes.map(\.field) == [PlanField(field)])
    }
}

/// The same for a team's fields (``TeamField``).
@Suite struct TeamFieldCoverageTests {
    static let people = [
        LiveUser(id: 1, name: "Ada Park", craft: .engineering, level: .senior, focus: .backend),
        LiveUser(id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .notApplicable),
    ]

    static func space(_ team: LiveTeam) -> LiveState {
        LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: people, teams: [team], levels: [])
    }

    static let team = LiveTeam(id: 9, name: "Core", leadID: 1, memberIDs: [1, 2])

    @Test(arguments: TeamField.allCases) func anUpdateSendsTheField(_ field: TeamField) throws {
        let values = TeamValues(name: "Core", lead: .live(1), members: [.live(2)])
        let op = PlanOperation(payload: .updateTeam(id: 9, values), name: "Core")
        var packer = MutationBatcher().packer([op]) { if case .live(let id) = $0 { id } else { nil } }
        let next = packer.next()
        let document = try #require(next)
        let body = try #require(JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let variables = try #require(body["variables"] as? [String: Any])
        let input = try #require(variables.values.compactMap { $0 as? [String: Any] }.first)
        #expect(input[field.input.rawValue] != nil)
    }

    @Test(arguments: TeamField.allCases) func theFingerprintAndTheExportSeeTheField(_ field: TeamField) throws {
        var other = Self.team
        switch field {
        case .name: other.name = "Edge"
        case .lead: other = LiveTeam(id: 9, name: "Core", leadID: 2, memberIDs: [1, 2])
        case .members: other = LiveTeam(id: 9, name: "Core", leadID: 1, memberIDs: [1])
        }
        let before = Fingerprint(live: Self.space(Self.team), ignoredUsers: [], ignoredTeams: [])
        let after = Fingerprint(live: Self.space(other), ignoredUsers: [], ignoredTeams: [])
        #expect(before.digest != after.digest)
        var exporter = RosterExporter(live: Self.space(Self.team), pinSpace: false)
        guard case .array(let teams) = exporter.json(exporter.document())["teams"], let team = teams.first else {
            Issue.record("no teams")
            return
        }
        #expect(team[field.key.name] != nil)
    }
}
