import Foundation
import RosterCore
import RosterModel
import RosterYAML
import Testing

@Suite struct YAMLLoaderTests {
    func load(_ text: String, file: String = "t.yaml") -> YAMLLoader.Result {
        YAMLLoader().load(Array(text.utf8), file: file)
    }

    func value(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.pairs?.first { $0.key.scalar?.value == key }?.value
    }

    @Test func scalarsStayStringsWithTheirStyle() throws {
        let r = load("a: Yes\nb: 'x'\nc: \"0042\"\nd: 1e3\ne:\nf: |\n  text\n")
        #expect(r.diagnostics.isEmpty)
        #expect(value(r.root, "a")?.scalar == YAMLScalar("Yes", style: .plain))
        #expect(value(r.root, "b")?.scalar == YAMLScalar("x", style: .singleQuoted))
        #expect(value(r.root, "c")?.scalar == YAMLScalar("0042", style: .doubleQuoted))
        #expect(value(r.root, "d")?.scalar?.value == "1e3")
        #expect(value(r.root, "e")?.isNull == true)
        #expect(value(r.root, "f")?.scalar == YAMLScalar("text\n", style: .literal))
    }

    @Test func nodesCarryOneBasedPositions() throws {
        let r = load("version: 1\npeople:\n  - name: Alice\n")
        let person = value(r.root, "people")?.items?.first
        #expect(value(person, "name")?.location == SourceLocation(file: "t.yaml", line: 3, column: 11))
        #expect(r.root?.pairs?[1].key.location == SourceLocation(file: "t.yaml", line: 2, column: 1))
    }

    @Test func mergeKeysKeepExplicitKeysAndEarlierSources() throws {
        let r = load(
            """
            a: &a { x: 1, y: 1 }
            b: &b { y: 2, z: 2 }
            c: { <<: [*a, *b], x: 3 }
            d: { x: 4, <<: *b }
            """)
        #expect(r.diagnostics.isEmpty)
        func flat(_ key: String) -> [String: String] {
            var out: [String: String] = [:]
            for p in value(r.root, key)?.pairs ?? [] { out[p.key.scalar?.value ?? ""] = p.value.scalar?.value }
            return out
        }
        #expect(flat("c") == ["x": "3", "y": "1", "z": "2"])
        #expect(flat("d") == ["x": "4", "y": "2", "z": "2"])
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() {
        let r = load("a: { '<<': 1 }\n")
        #expect(r.diagnostics.isEmpty)
        #expect(value(r.root, "a")?.pairs?.first?.key.scalar?.value == "<<")
    }

    @Test func aliasesCopyTheirAnchor() {
        let r = load("a: &x [1, 2]\nb: *x\n")
        #expect(value(r.root, "b")?.items?.count == 2)
    }

    @Test func duplicateKeysAreErrorsAtTheSecondKeyWithANote() {
        let r = load("a: 1\nb: 2\na: 3\n")
        #expect(r.diagnostics.count == 1)
        #expect(r.diagnostics.first?.location == SourceLocation(file: "t.yaml", line: 3, column: 1))
        #expect(r.diagnostics.first?.notes.first?.location == SourceLocation(file: "t.yaml", line: 1, column: 1))
    }

    @Test func duplicateKeysInLargeMappings() {
        let text = (0..<50).map { "k\($0): v" }.joined(separator: "\n") + "\nk7: again\n"
        let r = load(text)
        #expect(r.diagnostics.map(\.message) == ["duplicate key \"k7\""])
        #expect(r.diagnostics.first?.location?.line == 51)
    }

    @Test func coreTagsOnly() {
        #expect(load("a: !!str 1\nb: !!int 2\nc: !!null ''\n").diagnostics.isEmpty)
        #expect(load("a: !!float 1\n").diagnostics.first?.message.hasPrefix("unsupported tag") == true)
        #expect(load("a: !custom x\n").diagnostics.first?.location?.column == 4)
    }

    @Test func aliasExpansionIsBounded() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...8 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let r = load(text)
        #expect(r.root == nil || r.diagnostics.hasErrors)
        #expect(r.diagnostics.first?.message.contains("aliases expand") == true)
    }

    @Test func deepNestingIsRefused() {
        let text = "a: " + String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000) + "\n"
        let r = load(text)
        #expect(r.diagnostics.first?.message.contains("nests deeper") == true)
    }

    @Test func jsonSurrogatePairsAreAccepted() {
        let r = load(#"{"name": "a\uD83D\uDE00b", "x": "\u00e9"}"#, file: "t.json")
        #expect(r.diagnostics.isEmpty)
        #expect(value(r.root, "name")?.scalar?.value == "a😀b")
        #expect(value(r.root, "x")?.scalar?.value == "é")
    }

    @Test func escapedBackslashBeforeUIsNotASurrogate() {
        let r = load(#"{"name": "a\\uD83D"}"#, file: "t.json")
        #expect(r.diagnostics.isEmpty)
        #expect(value(r.root, "name")?.scalar?.value == #"a\uD83D"#)
    }

    /// Lines are counted as libyaml counts them, so a rewritten pair's shift lands on the line
    /// libyaml reports, whatever the file's line breaks.
    @Test(arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"])
    func rewrittenSurrogatesKeepPositionsAfterEveryKindOfLineBreak(lineBreak: String) {
        let duplicate = load("{\"x\": 1,\(lineBreak)\"a\": \"\\uD83D\\uDE00\", \"a\": 1}")
        #expect(duplicate.diagnostics.first?.location?.line == 2)
        #expect(duplicate.diagnostics.first?.location?.column == 22)
        let lone = load("x: 1\(lineBreak)y: \"\\uDE00\"")
        #expect(lone.diagnostics.first?.location?.line == 2)
        #expect(lone.diagnostics.first?.location?.column == 5)
    }

    @Test func positionsAfterRewrittenSurrogatesPointIntoTheOriginalLine() {
        let r = load(#"{"a": "\uD83D\uDE00", "a": 1}"#, file: "t.json")
        #expect(r.diagnostics.first?.location?.column == 23)
    }
}

/// The two-thread parse of large inputs (``YAMLLoader/parallelThreshold``), at the size that
/// triggers it: the same tree and the same diagnostics as one thread, and an early error stops
/// the parsing thread.
@Suite struct ParallelParseTests {
    static func largeRoster(people: Int, brokenAt: Int? = nil) -> [UInt8] {
        var text = "version: 1\ndefaults: {craft: Engineering, level: Mid}\npeople:\n"
        for i in 0..<people {
            text +=
                i == brokenAt
                ? "  - {name: [unclosed\n"
                : "  - {name: Person \(i) Lastname, focus: Backend, levelStartDate: 2024-01-02}\n"
        }
        return Array(text.utf8)
    }

    func load(_ bytes: [UInt8], parallel: Bool) -> RosterLoader.Result {
        var loader = RosterLoader()
        loader.yaml.parallelThreshold = parallel ? 1 : Int.max
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return loader.load(paths: [path])
    }

    @Test func largeInputsParseTheSameOnTwoThreads() {
        let bytes = Self.largeRoster(people: 5000)
        #expect(bytes.count > YAMLLoader().parallelThreshold)
        let one = load(bytes, parallel: false), two = load(bytes, parallel: true)
        #expect(one.isValid && two.isValid)
        #expect(one.roster.people.map(\.name.value) == two.roster.people.map(\.name.value))
        #expect(one.roster.people.map { $0.name.location.line } == two.roster.people.map { $0.name.location.line })
    }

    /// The name table built while a large file loads (sized from the file) finds the same
    /// clashes as the one the validator builds for rosters split over files.
    @Test func clashesInALargeInputAreFoundWhileItLoads() throws {
        var text = String(decoding: Self.largeRoster(people: 5000), as: UTF8.self)
        text += "  - {name: Person 17 Lastname, focus: Backend}\n"
        text += "  - {name: Pinned, id: 7, focus: Backend}\n  - {name: Pinned Too, id: 7, focus: Backend}\n"
        let one = load(Array(text.utf8), parallel: false), two = load(Array(text.utf8), parallel: true)
        let messages = { (r: RosterLoader.Result) in r.diagnostics.map { "\($0.location?.line ?? 0):\($0.message)" } }
        #expect(messages(one) == messages(two))
        #expect(
            messages(two).contains { $0.hasPrefix("5004:duplicate person \"Person 17 Lastname\"") }, "\(messages(two))")
        #expect(messages(two).contains { $0.contains("id 7 is pinned by two people") }, "\(messages(two))")
        // Split over two files, the validator builds the table itself: the same clashes.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("split-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let head = lines[0..<3].joined(separator: "\n")
        try (lines[0..<2502].joined(separator: "\n") + "\n").write(
            to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try (head + "\n" + lines[2502...].joined(separator: "\n")).write(
            to: folder.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let split = RosterLoader().load(paths: [folder.path]).diagnostics.map(\.message)
        #expect(split.contains { $0.hasPrefix("duplicate person \"Person 17 Lastname\"") }, "\(split)")
        #expect(split.contains { $0.contains("id 7 is pinned by two people") }, "\(split)")
    }

    @Test(arguments: [10, 4990])
    func anErrorInALargeInputIsReportedTheSameAndStopsTheParser(_ at: Int) {
        let bytes = Self.largeRoster(people: 5000, brokenAt: at)
        let one = load(bytes, parallel: false), two = load(bytes, parallel: true)
        #expect(!two.isValid)
        #expect(
            one.diagnostics.map { "\($0.location?.line ?? 0):\($0.message)" }
                == two.diagnostics.map { "\($0.location?.line ?? 0):\($0.message)" })
    }
}
