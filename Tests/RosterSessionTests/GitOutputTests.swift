import Foundation
import Testing

@testable import RosterSession

/// What git writes, read field by field (`GitObjects`, `GitCommit`): each field checked, and what
/// does not read is an error naming it, never a guess.
@Suite struct GitOutputTests {
    static let tree = String(repeating: "a", count: 40)
    static let parent = String(repeating: "b", count: 40)

    func commit(_ headers: String, _ message: String) throws(GitFailure) -> GitCommit {
        try GitCommit(id: String(repeating: "c", count: 40), content: Array((headers + "\n\n" + message).utf8))
    }

    @Test func aCommitReadsAsItsObjectSaysIt() throws {
        let read = try commit(
            "tree \(Self.tree)\nparent \(Self.parent)\nauthor Zoë \u{1F}Müller <z@x> 1577836800 -0130\n"
                + "committer C <c@x> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----",
            "\n  Two lines\nof subject \u{1E}\n\nBody\n")
        #expect(read.parents == [Self.parent])
        #expect(read.author == "Zoë \u{1F}Müller")
        #expect(read.seconds == 1_577_836_800)
        #expect(read.date == "2019-12-31T22:30:00-01:30")
        #expect(read.subject == "Two lines of subject \u{1E}")
    }

    @Test func datesAreTheAuthorsClockInISO8601() {
        #expect(GitCommit.iso(seconds: 0, offsetMinutes: 0) == "1970-01-01T00:00:00+00:00")
        #expect(GitCommit.iso(seconds: 1_790_000_000, offsetMinutes: 330) == "2026-09-21T19:43:20+05:30")
        #expect(GitCommit.iso(seconds: 951_782_400, offsetMinutes: 0) == "2000-02-29T00:00:00+00:00")
        #expect(GitCommit.iso(seconds: 30, offsetMinutes: -60) == "1969-12-31T23:00:30-01:00")
    }

    @Test func aCommitThatDoesNotReadIsAnErrorNamingIt() {
        let cases = [
            ("tree \(Self.tree)\nauthor No Date <n@x>", "its author line does not read"),
            ("tree \(Self.tree)\nauthor A <a@x> 12x +0000", "its author line does not read"),
            ("tree \(Self.tree)\nauthor A <a@x> 12 +00", "its author line does not read"),
            ("tree \(Self.tree)\nparent 1234\nauthor A <a@x> 1 +0000", "a parent is not a commit id"),
            ("tree \(Self.tree)", "it names no author"),
        ]
        for (headers, why) in cases {
            #expect {
                try commit(headers, "subject")
            } throws: { error in
                (error as? GitFailure)?.message == "commit cccccccccccc does not read as a commit: \(why)"
            }
        }
    }

    @Test func objectsAreReadByTheSizeGitGives() throws {
        let id = String(repeating: "d", count: 40)
        let data = Array("\(id) blob 5\nab\ncd\n\(Self.tree) missing\n".utf8)
        let objects = try GitObjects.objects(data)
        #expect(objects.count == 1 && objects[id]?.content == Array("ab\ncd".utf8))
        for broken in ["\(id) blob 9\nab\n", "\(id) blob five\nab\n", "not-an-id blob 2\nab\n", "\(id) blob 2\nab"] {
            #expect(throws: GitFailure.self) { try GitObjects.objects(Array(broken.utf8)) }
        }
    }

    @Test func entriesAndChangesAreCheckedFieldByField() throws {
        let id = String(repeating: "e", count: 40)
        let listed = Array("100644 blob \(id)\troster/a b.yaml\0160000 commit \(id)\tsub\0".utf8)
        #expect(try GitObjects.entries(listed, idField: 2) == ["roster/a b.yaml": id])
        #expect(throws: GitFailure.self) { try GitObjects.entries(Array("100644 blob short\tx\0".utf8), idField: 2) }
        let zero = String(repeating: "0", count: 40)
        #expect(try GitObjects.change(":100644 000000 \(id) \(zero) D", path: "r.yaml") == ("r.yaml", nil))
        #expect(try GitObjects.change(":000000 100644 \(zero) \(id) A", path: "r.yaml") == ("r.yaml", id))
        #expect(throws: GitFailure.self) { try GitObjects.change(":100644 100644 \(id) \(id) X", path: "r") }
        #expect(throws: GitFailure.self) { try GitObjects.change("100644 100644 \(id) \(id) M", path: "r") }
    }
}
