import Foundation
import Testing

@testable import RosterCore
@testable import RosterModel

/// Rosters split over files: sections only one file may hold, levels set once, and people and
/// teams taken in file order.
@Suite struct RosterMergeTests {
    /// Loads `files` (name → text) from a folder of their own, removed afterwards.
    func load(_ files: [(String, String)]) throws -> RosterLoader.Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return RosterLoader().load(paths: files.map { folder.appendingPathComponent($0.0).path })
    }

    static let sections: [(name: String, yaml: String)] = [
        ("space", "space: Acme\n"),
        ("policy", "policy:\n  maxDeletes: 3\n"),
        ("rules", "rules:\n  maxTeamSize: 9\n"),
        ("access", "access:\n  members: [a@example.com]\n"),
    ]

    @Test(arguments: sections)
    func aSectionInTwoFilesIsAnErrorAtTheSecondWithANoteAtTheFirst(section: (name: String, yaml: String)) throws {
        let result = try load([
            ("a.yaml", "version: 1\n" + section.yaml), ("b.yaml", "version: 1\npeople: []\n" + section.yaml),
        ])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["\(section.name) is set in more than one file"])
        #expect(errors.first?.location?.file.hasSuffix("b.yaml") == true)
        // At the section's value: the scalar on its key's line, or the mapping on the next.
        #expect(errors.first?.location?.line == (section.yaml.contains("\n  ") ? 4 : 3))
        #expect(errors.first?.notes.first?.location?.file.hasSuffix("a.yaml") == true)
    }

    @Test(arguments: sections)
    func aSectionInOneFileOfManyIsTaken(section: (name: String, yaml: String)) throws {
        let result = try load([("a.yaml", "version: 1\n"), ("b.yaml", "version: 1\n" + section.yaml)])
        #expect(result.isValid, "\(result.diagnostics)")
        switch section.name {
        case "space": #expect(result.roster.space?.value == "Acme")
        case "policy": #expect(result.roster.policy.maxDeletes == .count(3))
        case "rules": #expect(result.roster.rules?.maxTeamSize?.value == 9)
        default: #expect(result.roster.access?.members.map(\.value) == ["a@example.com"])
        }
    }

    @Test func peopleAndTeamsFollowTheFilesOrderAndALevelIsSetOnce() throws {
        let person = { (name: String) in "  - {name: \(name), craft: Engineering, level: Mid, focus: Backend}\n" }
        let result = try load([
            ("a.yaml", "version: 1\npeople:\n" + person("Ada") + person("Bo") + "levels:\n  Mid: {limitMonths: 30}\n"),
            ("b.yaml", "version: 1\npeople:\n" + person("Cy") + "teams:\n  - {name: T, lead: Ada, members: [Cy]}\n"),
            ("c.yaml", "version: 1\nlevels:\n  Mid: {limitMonths: 40}\n"),
        ])
        #expect(result.roster.people.map(\.name.value) == ["Ada", "Bo", "Cy"])
        #expect(result.roster.teams.map(\.name.value) == ["T"])
        #expect(result.roster.files.count == 3)
        #expect(result.diagnostics.map(\.message) == ["level Mid is set twice"])
    }
}
