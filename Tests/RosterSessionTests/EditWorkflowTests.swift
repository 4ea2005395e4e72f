import Foundation
import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterSession

/// The edit commands' workflow on real files: every changed file written or none, and a
/// failure while writing the second file gives the first its old text back.
@Suite final class EditWorkflowTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("edit-\(UUID().uuidString)")
    let people =
        "version: 1\npeople:\n  - {name: Ann, craft: Design, level: Senior}  # lead\n"
        + "  - {name: Bo, craft: Design, level: Mid}\n"
    let teams = "version: 1\nteams:\n  - {name: Core, lead: Ann, members: [Bo]}\n"

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try people.write(to: folder.appendingPathComponent("a-people.yaml"), atomically: true, encoding: .utf8)
        try teams.write(to: folder.appendingPathComponent("b-teams.yaml"), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// A rename touches both files; the second write fails: both files are as they were.
    @Test func aFailureOnTheSecondFileLeavesBothAsTheyWere() throws {
        let outcome = try EditWorkflow(paths: [folder.path]).edit(.rename(.person, from: "Bo", to: "Bob"))
        #expect(outcome.files.count == 2)
        var written: [String] = []
        #expect(throws: SessionFailure.self) {
            try outcome.write(links: .withinRepository) { bytes, path throws(SessionFailure) in
                guard written.isEmpty else {
                    throw SessionFailure("cannot write the roster file here: Read-only file system", at: .file(path))
                }
                try FileReplacer.save(bytes, to: path, what: "the roster file")
                written.append(path)
            }
        }
        #expect(written.count == 1)
        #expect(try text("a-people.yaml") == people)
        #expect(try text("b-teams.yaml") == teams)
    }

    @Test func everyChangedFileIsWritten() throws {
        let outcome = try EditWorkflow(paths: [folder.path]).edit(.rename(.person, from: "Bo", to: "Bob"))
        try outcome.write(links: .withinRepository)
        #expect(try text("a-people.yaml").contains("{name: Bob, craft: Design, level: Mid, previously: [Bo]}"))
        #expect(try text("b-teams.yaml") == "version: 1\nteams:\n  - {name: Core, lead: Ann, members: [Bob]}\n")
    }

    /// A hire `--into` a file that is not there creates it; a failure afterwards removes it again.
    @Test func aHireIntoANewFileCreatesItAndARollbackRemovesIt() throws {
        let new = folder.appendingPathComponent("a0-new.yaml").path
        let hire = RosterEdit.addPerson(NewPerson(name: "Cy", craft: .design, level: .junior, team: "Core", into: new))
        let outcome = try EditWorkflow(paths: [folder.path]).edit(hire)
        #expect(outcome.original[new] == "" && outcome.files.contains(new))
        #expect(throws: SessionFailure.self) {
            try outcome.write(links: .withinRepository) { bytes, path throws(SessionFailure) in
                if path.hasSuffix("b-teams.yaml") { throw SessionFailure("disk full", at: .file(path)) }
                try FileReplacer.save(bytes, to: path, what: "the roster file")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: new))
        #expect(try text("b-teams.yaml") == teams)
        try outcome.write(links: .withinRepository)
        #expect(try text("a0-new.yaml") == "version: 1\npeople:\n  - {name: Cy, craft: Design, level: Junior}\n")
    }

    /// An invalid roster is refused before any edit, with its diagnostics.
    @Test func anInvalidRosterIsNotEdited() throws {
        try "version: 1\nteams:\n  - {name: Core, lead: Nobody}\n".write(
            to: folder.appendingPathComponent("b-teams.yaml"), atomically: true, encoding: .utf8)
        #expect(throws: SessionFailure.self) {
            try EditWorkflow(paths: [folder.path]).edit(.setPerson("Bo", PersonChanges(level: .senior)))
        }
    }
}
