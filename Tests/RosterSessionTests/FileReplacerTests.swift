import Foundation
import Testing

@testable import RosterSession

/// Files that `pull`, `plan --out` and `export --out` write: replaced whole, links and
/// permissions kept, nothing left behind.
@Suite struct FileReplacerTests {
    let fm = FileManager.default

    func folder() throws -> URL {
        let url = fm.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        try fm.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func mode(_ url: URL) throws -> Int {
        try (fm.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func anExistingFileIsReplacedAndKeepsItsPermissions() throws {
        let dir = try folder()
        defer { try? fm.removeItem(at: dir) }
        let file = dir.appendingPathComponent("roster.yaml")
        try "old\n".write(to: file, atomically: false, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(FileReplacer.replace(file.path, with: Array("new\n".utf8)))
        #expect(try text(file) == "new\n")
        #expect(try mode(file) == 0o600)
        #expect(try fm.contentsOfDirectory(atPath: dir.path) == ["roster.yaml"], "a temporary file was left")
    }

    @Test func aLinkKeepsPointingAtItsTargetWhichIsReplaced() throws {
        let dir = try folder()
        defer { try? fm.removeItem(at: dir) }
        let target = dir.appendingPathComponent("real.yaml")
        let link = dir.appendingPathComponent("roster.yaml")
        try "old\n".write(to: target, atomically: false, encoding: .utf8)
        try fm.createSymbolicLink(atPath: link.path, withDestinationPath: "real.yaml")
        #expect(FileReplacer.replace(link.path, with: Array("new\n".utf8)))
        #expect(try fm.destinationOfSymbolicLink(atPath: link.path) == "real.yaml")
        #expect(try text(target) == "new\n")
        #expect(try fm.contentsOfDirectory(atPath: dir.path).sorted() == ["real.yaml", "roster.yaml"])
    }

    @Test func aNewFileIsCreatedAndAMissingFolderFailsCleanly() throws {
        let dir = try folder()
        defer { try? fm.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plan.json")
        #expect(FileReplacer.replace(file.path, with: Array("{}\n".utf8)))
        #expect(try text(file) == "{}\n")
        #expect(try mode(file) & 0o600 == 0o600)
        #expect(!FileReplacer.replace(dir.appendingPathComponent("missing/plan.json").path, with: [0x41]))
        #expect(try fm.contentsOfDirectory(atPath: dir.path) == ["plan.json"])
    }

    @Test func aDeviceIsWrittenInPlace() {
        #expect(FileReplacer.replace("/dev/null", with: Array("discarded\n".utf8)))
    }
}
