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
/// `roster add team` and of `roster set team`, each of which writes it into a file that reads back
/// with it; and every team field but its name (which `rename` changes) has one: a new field without
/// an option fails here.
@Suite struct TeamEditOptionCoverageTests {
    static let settable = TeamField.allCases.filter { $0.option != nil }
    static let people = ["Ada Park", "Bo Lind", "Cy Roy"]
    static let rosterText =
        "version: 1\npeople:\n"
        + people.map { "  - { name: \($0), craft: Engineering, level: Mid }\n" }.joined()
        + "teams:\n  - { name: Core, lead: \(people[0]) }\n"

    /// The option's value, and whether the written team has it.
    static func sample(_ field: TeamField) -> (value: String, holds: (TeamEntry) -> Bool) {
        switch field {
        case .name: ("Edge", { $0.name.value == "Edge" })
        case .lead: (people[1], { $0.lead.value.key == NameKey(people[1]) })
        case .members:
            (
                people[1] + "," + people[2],
                { Set($0.members.map(\.value.key)).isSuperset(of: [people[2]].map(NameKey.init)) }
            )
        }
    }

    @Test func theTableNamesOptionsAddAndSetTeamDeclare() {
        let add = Set(AddCommand.Options.specs.map(\.name)), set = Set(SetCommand.Options.specs.map(\.name))
        for field in TeamField.allCases {
            #expect(EditArguments.option(field)?.spec.name == field.option, "\(field)")
            #expect(field == .name || field.option != nil, "\(field): an option of add team and set team")
            if let option = field.option {
                #expect(add.contains(option) && set.contains(option), "\(field): \(option)")
            }
        }
    }

    /// `roster COMMAND… OPTION VALUE` on a fresh roster file; the team it leaves named `team`.
    func run(_ words: [String], team: String) async throws -> TeamEntry? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("team-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.rosterText.write(toFile: path, atomically: true, encoding: .utf8)
        let console = CapturingConsole()
        let code = await RosterCommandLine.main(
            words + [path], context: CommandContext(console: console, environment: [:]))
        #expect(code.rawValue == 0, "\(console.err)")
        return RosterLoader().load(paths: [path]).roster.teams.first { $0.name.value == team }
    }

    @Test(arguments: settable) func addTeamSetsTheField(_ field: TeamField) async throws {
        var words = ["add", "team", "New"]
        for other in Self.settable { words += [other.option ?? "", Self.sample(other).value] }
        let team = try #require(try await run(words, team: "New"))
        #expect(Self.sample(field).holds(team), "\(field)")
    }

    @Test(arguments: settable) func setTeamSetsTheField(_ field: TeamField) async throws {
        let team = try #require(
            try await run(["set", "team", "Core", field.option ?? "", Self.sample(field).value], team: "Core"))
        #expect(Self.sample(field).holds(team), "\(field)")
    }
}
