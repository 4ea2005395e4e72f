import Foundation
import RosterTestSupport
import Testing

@testable import RosterRender

/// The diff `pull --dry-run` prints is a patch `git apply` accepts: hunks at the start, the
/// middle and the end of files, with and without a final newline, CRLF, files that gain or lose
/// their last line, and files made from nothing or emptied.
@Suite struct UnifiedDiffTests {
    static let long = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
    /// A roster-sized file: an edit near its start and one near its end are one diff of two hunks.
    static let huge = (1...60_000).map { "line \($0)" }.joined(separator: "\n") + "\n"

    static let cases: [(String, String, String)] = [
        ("start", long, long.replacingOccurrences(of: "line 1\n", with: "first\n")),
        ("middle", long, long.replacingOccurrences(of: "line 10\n", with: "ten\nten and a half\n")),
        ("end", long, long.replacingOccurrences(of: "line 20\n", with: "last\n")),
        ("one line grows", "a\n", "a\nb\nc\n"),
        ("no final newline kept", "a\nb", "a\nc"),
        ("final newline added", "a\nb", "a\nb\n"),
        ("final newline removed", "a\nb\n", "a\nb"),
        ("gains a last line", long, long + "line 21\n"),
        ("loses its last line", long, String(long.dropLast("line 20\n".count))),
        ("crlf", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n"),
        (
            "far apart in a big file", huge,
            huge.replacingOccurrences(of: "line 2\n", with: "two\n").replacingOccurrences(
                of: "line 59999\n", with: "")
        ),
        ("from nothing", "", "a\nb\n"),
        ("to nothing", "a\nb\n", ""),
        (
            "two hunks", long,
            long.replacingOccurrences(of: "line 2\n", with: "two\n").replacingOccurrences(
                of: "line 19\n", with: "")
        ),
    ]

    @Test(arguments: cases.indices)
    func gitAppliesTheDiff(_ index: Int) throws {
        let (name, old, new) = Self.cases[index]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(old.utf8).write(to: folder.appendingPathComponent("r.yaml"))
        let patch = UnifiedDiff.render(old, new, path: "r.yaml")
        try Data(patch.utf8).write(to: folder.appendingPathComponent("p.diff"))
        #expect(
            try git(["apply", "--check", "p.diff"], in: folder) == 0, "\(name): git apply --check refuses\n\(patch)")
        #expect(try git(["apply", "p.diff"], in: folder) == 0, "\(name)")
        let applied = try Data(contentsOf: folder.appendingPathComponent("r.yaml"))
        #expect(
            String(decoding: applied, as: UTF8.self) == new, "\(name): the patch does not make the new text\n\(patch)")
    }

    /// Whatever the edit limit, the lines read back as both texts: past it the middle is removed
    /// and added whole, a patch still; within it, only what changed is marked.
    @Test func theLinesReadBackAsBothTextsWhateverTheLimit() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let a = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                UnifiedDiff.Text(text: String(Int.random(in: 0..<5, using: &rng)))
            }
            let b = (0..<Int.random(in: 0...30, using: &rng)).map { _ in
                UnifiedDiff.Text(text: String(Int.random(in: 0..<5, using: &rng)))
            }
            for limit in [1, 3, 2_000] {
                let lines = UnifiedDiff.diff(a, b, limit: limit)
                let old = lines.compactMap { line -> UnifiedDiff.Text? in
                    switch line {
                    case .same(let t), .removed(let t): return t
                    case .added: return nil
                    }
                }
                let new = lines.compactMap { line -> UnifiedDiff.Text? in
                    switch line {
                    case .same(let t), .added(let t): return t
                    case .removed: return nil
                    }
                }
                #expect(old == a && new == b, "limit \(limit): \(a) → \(b)")
            }
            let changed = UnifiedDiff.diff(a, b).filter { !$0.isSame }.count
            let whole = UnifiedDiff.diff(a, b, limit: 0).filter { !$0.isSame }.count
            #expect(changed <= whole)
        }
    }

    @Test func theSameTextsHaveNoDiff() {
        #expect(UnifiedDiff.render("a\nb", "a\nb", path: "r.yaml").isEmpty)
    }

    func git(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
