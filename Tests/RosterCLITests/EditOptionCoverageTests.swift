import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel

/// Every person field the table says the edit commands set (``PersonField/Row/option``) is an
/// option of `roster set person` and of `roster hire`, and sets the field to a value of its kind,
/// in a file that reads back with it. Driven by the table alone, like `PersonFieldCoverageTests`.
@Suite struct EditOptionCoverageTests {
    static let settable = PersonField.allCases.filter { $0.row.option != nil }

    /// A roster whose one person states every field at the first of its samples.
    static func rosterText() -> String {
        let values = PersonField.allCases.map { f in
            "\(f.key.name): \(JSONValue.string(f.kind.samples.0).rendered())"
        }
        return "version: 1\npeople:\n  - { " + values.joined(separator: ", ") + " }\n"
    }

    func run(_ arguments: [String]) async -> (Int32, String) {
        let console = CapturingConsole()
        let code = await RosterCommandLine.main(arguments, context: CommandContext(console: console, environment: [:]))
        return (code.rawValue, console.err)
    }

    func person(in path: String) throws -> PersonEntry? {
        RosterLoader().load(paths: [path]).roster.people.first { $0.key == NameKey(PersonField.name.kind.samples.0) }
    }

    @Test func theTableNamesOptionsTheCommandsDeclare() {
        let set = Set(SetCommand.Options.specs.map(\.name)), hire = Set(HireCommand.Options.specs.map(\.name))
        for field in Self.settable {
            let option = field.row.option ?? ""
            #expect(set.contains(option) && hire.contains(option), "\(field): \(option)")
        }
    }

    @Test(arguments: settable) func setPersonSetsTheField(_ field: PersonField) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("edit-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.rosterText().write(toFile: path, atomically: true, encoding: .utf8)
        let name = PersonField.name.kind.samples.0, option = field.row.option ?? ""
        let (code, err) = await run(["set", "person", name, option, field.kind.samples.1, path])
        #expect(code == 0, "\(err)")
        #expect(try person(in: path)?.text(field) == field.kind.samples.1)
    }

    /// `none` clears every field an entry may state empty (its row's absence), whatever its kind,
    /// and is refused, as a value it does not take, by every other.
    @Test(arguments: settable) func noneClearsWhatMayBeEmpty(_ field: PersonField) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.rosterText().write(toFile: path, atomically: true, encoding: .utf8)
        let name = PersonField.name.kind.samples.0, option = field.row.option ?? ""
        let (code, err) = await run(["set", "person", name, option, "none", path])
        let entry = try #require(try person(in: path))
        if field.row.absence.isClearable {
            #expect(code == 0, "\(err)")
            #expect(entry.stated(field) == .clear, "\(field) stated empty, never the text \"none\"")
        } else {
            #expect(code != 0 && err.contains("(or none)") == false, "\(err)")
            #expect(entry.text(field) == field.kind.samples.0, "left as it was")
        }
    }

    @Test(arguments: settable) func hireSetsTheField(_ field: PersonField) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hire-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "version: 1\npeople: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        var arguments = ["hire", PersonField.name.kind.samples.0]
        for other in Self.settable { arguments += [other.row.option ?? "", other.kind.samples.1] }
        let (code, err) = await run(arguments + [path])
        #expect(code == 0, "\(err)")
        #expect(try person(in: path)?.text(field) == field.kind.samples.1)
    }
}

/// Every team field the table says the edit commands set (``TeamField/option``) is an option of
/// `roster add team`, which writes it into a file that reads back with it; and a team field that
/// is neither its name nor its people (which `rename` and `move` change) must be an option of a
/// `roster set team`, which there is none of yet: adding such a field fails here until there is.
@Suite struct TeamEditOptionCoverageTests {
    static let settable = TeamField.allCases.filter { $0.option != nil }
    static let people = ["Ada Park", "Bo Lind", "Cy Roy"]
    static let rosterText =
        "version: 1\npeople:\n"
        + people.map { "  - { name: \($0), craft: Engineering, level: Mid }\n" }.joined() + "teams: []\n"

    /// The option's value, and whether the written team has it.
    static func sample(_ field: TeamField) -> (value: String, holds: (TeamEntry) -> Bool) {
        switch field {
        case .name: ("Core", { $0.name.value == "Core" })
        case .lead: (people[1], { $0.lead.value.key == NameKey(people[1]) })
        case .members:
            (
                people[0] + "," + people[2],
                { Set($0.members.map(\.value.key)).isSuperset(of: [people[0], people[2]].map(NameKey.init)) }
            )
        }
    }

    @Test func theTableNamesOptionsAddTeamDeclares() {
        let add = Set(AddCommand.Options.specs.map(\.name))
        for field in TeamField.allCases {
            #expect(EditArguments.option(field)?.spec.name == field.option, "\(field)")
            if let option = field.option { #expect(add.contains(option), "\(field): \(option)") }
        }
    }

    @Test(arguments: settable) func addTeamSetsTheField(_ field: TeamField) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("team-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.rosterText.write(toFile: path, atomically: true, encoding: .utf8)
        var arguments = ["add", "team", "Core"]
        for other in Self.settable { arguments += [other.option ?? "", Self.sample(other).value] }
        let console = CapturingConsole()
        let code = await RosterCommandLine.main(
            arguments + [path], context: CommandContext(console: console, environment: [:]))
        #expect(code.rawValue == 0, "\(console.err)")
        let team = try #require(RosterLoader().load(paths: [path]).roster.teams.first)
        #expect(Self.sample(field).holds(team), "\(field)")
    }

    /// A field the apps let a person type for a team (not its name, lead or members) is set with
    /// `roster set team NAME --OPTION`: there is no such field yet, and no `set team`.
    @Test(arguments: TeamField.allCases) func aTeamValueIsSetBySetTeam(_ field: TeamField) {
        guard field.kind != .person && field.kind != .people && field != .name else { return }
        #expect(SetCommand.Kind(rawValue: "team") != nil, "\(field): `roster set team` is needed to set it")
        #expect(SetCommand.Options.specs.contains { $0.name == field.option }, "\(field): its option in `set`")
    }
}
