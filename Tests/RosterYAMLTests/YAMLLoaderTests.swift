import Foundation
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterYAML

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
    /// libyaml reports, whatever JSON's line breaks.
    @Test(arguments: ["\n", "\r", "\r\n"])
    func rewrittenSurrogatesKeepPositionsAfterEveryKindOfLineBreak(lineBreak: String) {
        let duplicate = load("{\"x\": 1,\(lineBreak)\"a\": \"\\uD83D\\uDE00\", \"a\": 1}")
        #expect(duplicate.diagnostics.first?.location?.line == 2)
        #expect(duplicate.diagnostics.first?.location?.column == 22)
        let lone = load("{\"x\": 1,\(lineBreak)\"y\": \"\\uDE00\"}")
        #expect(lone.diagnostics.first?.location?.line == 2)
        #expect(lone.diagnostics.first?.location?.column == 7)
    }

    /// In YAML a backslash outside double quotes is text: a name holding the text `\ud83d\ude00`
    /// reads back as that text, and a surrogate escape in double quotes is an error that says what
    /// to write instead. Only a JSON document's strings are rewritten.
    @Test func surrogateEscapeTextInYAMLStaysText() {
        for text in [#"a: Eve\ud83d\ude00"#, #"a: 'Eve\ud83d\ude00'"#, #"a: [Eve\ud83d\ude00, "x"]"#] {
            let r = load(text)
            #expect(r.diagnostics.isEmpty, "\(text)")
            let read = value(r.root, "a")
            let name = read?.scalar?.value ?? read?.items?.first?.scalar?.value
            #expect(name == #"Eve\ud83d\ude00"#, "\(text)")
        }
        let plainThenQuoted = load("a: x \"\\uD83D\\uDE00\"\nb: \"\\uD83D\\uDE00\"")
        #expect(plainThenQuoted.diagnostics.first?.location?.line == 2)
        #expect(plainThenQuoted.diagnostics.first?.message.contains("JSON's way") == true)
        #expect(load("a: \"\\\\ud83d\"").diagnostics.isEmpty)
    }

    @Test func positionsAfterRewrittenSurrogatesPointIntoTheOriginalLine() {
        let r = load(#"{"a": "\uD83D\uDE00", "a": 1}"#, file: "t.json")
        #expect(r.diagnostics.first?.location?.column == 23)
    }
}

/// Inputs of thousands of people, large enough to be parsed on the background thread
/// (``YAMLLoader/backgroundThreshold``) and to be decoded while they load: the same roster and
/// the same diagnostics as on one thread, clashes found whether the people are in one file or
/// split over two, and a syntax error anywhere stops the load at its line.
@Suite struct LargeInputTests {
    static func largeRoster(people: Int, brokenAt: Int? = nil, broken: String = "  - {name: [unclosed") -> [UInt8] {
        var text = "version: 1\ndefaults: {craft: Engineering, level: Mid}\npeople:\n"
        for i in 0..<people {
            text +=
                i == brokenAt
                ? broken + "\n"
                : "  - {name: Person \(i) Lastname, focus: Backend, levelStartDate: 2024-01-02}\n"
        }
        return Array(text.utf8)
    }

    func load(_ bytes: [UInt8], background: Bool = true) -> RosterLoader.Result {
        var loader = RosterLoader()
        loader.yaml.backgroundThreshold = background ? YAMLLoader().backgroundThreshold : .max
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return loader.load(paths: [path])
    }

    /// Diagnostics without the file's (random) name.
    func lines(_ result: RosterLoader.Result) -> [String] {
        result.diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" }
    }

    @Test func aLargeInputLoadsEveryPersonAtTheirLine() {
        let bytes = Self.largeRoster(people: 5000)
        #expect(bytes.count > YAMLLoader().backgroundThreshold)
        let result = load(bytes)
        #expect(result.isValid)
        #expect(result.roster.people.count == 5000)
        #expect(result.roster.people.map { $0.name.location.line } == Array(4..<5004))
        let inline = load(bytes, background: false)
        #expect(inline.roster.people.map(\.name.value) == result.roster.people.map(\.name.value))
    }

    @Test func clashesInALargeInputAreFound() throws {
        var text = String(decoding: Self.largeRoster(people: 5000), as: UTF8.self)
        text += "  - {name: Person 17 Lastname, focus: Backend}\n"
        text += "  - {name: Pinned, id: 7, focus: Backend}\n  - {name: Pinned Too, id: 7, focus: Backend}\n"
        let messages = load(Array(text.utf8)).diagnostics.map { "\($0.location?.line ?? 0):\($0.message)" }
        #expect(messages.contains { $0.hasPrefix("5004:duplicate person \"Person 17 Lastname\"") }, "\(messages)")
        #expect(messages.contains { $0.contains("id 7 is pinned by two people") }, "\(messages)")
        // Split over two files: the same clashes.
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

    /// An error early stops the background parser long before the end; one late stops it at the
    /// end. Either way the load reports it as one thread does.
    @Test(arguments: [10, 4990])
    func anErrorInALargeInputIsReportedAtItsLine(_ at: Int) {
        let result = load(Self.largeRoster(people: 5000, brokenAt: at))
        #expect(!result.isValid)
        #expect(result.diagnostics.first?.location?.line == at + 5, "\(result.diagnostics.map(\.message))")
        let inline = load(Self.largeRoster(people: 5000, brokenAt: at), background: false)
        #expect(lines(inline) == lines(result))
    }

    /// Errors the tree builder finds (not libyaml) stop it while the background parser still
    /// has batches to hand over: the parser is stopped and its queue dropped without a crash,
    /// and the error is the one a single thread reports.
    @Test(arguments: [10, 4990])
    func anErrorTheBuilderFindsStopsTheParser(_ at: Int) {
        for broken in ["  - {name: X, craft: *nope}", "  - " + String(repeating: "[", count: 600)] {
            let bytes = Self.largeRoster(people: 5000, brokenAt: at, broken: broken)
            let result = load(bytes)
            #expect(!result.isValid)
            #expect(result.diagnostics.first?.location?.line == at + 4, "\(result.diagnostics.map(\.message))")
            #expect(lines(load(bytes, background: false)) == lines(result))
        }
    }

    /// People and teams decoded while the file loads are the ones decoded after it: defaults
    /// written after the people, bad entries, every field; and a list reached through an alias.
    @Test func entriesDecodedWhileLoadingAreTheSameAsAfter() {
        var text = "version: 1\nx-people: &all\n  - {name: Aliased, craft: Design, level: Staff}\npeople:\n"
        for i in 0..<3000 {
            text += i % 7 == 0 ? "  - {name: Person \(i), level: Nope}\n" : "  - {name: Person \(i), id: \(i + 1)}\n"
        }
        text += "teams:\n"
        for t in 0..<300 {
            text += "  - {name: Team \(t), lead: Person \(t * 10 + 1), members: [Person \(t * 10 + 2)]}\n"
        }
        text += "defaults: {craft: Engineering, level: Mid, focus: Backend}\nlevels: {Junior: {limitMonths: 3}}\n"
        let bytes = Array(text.utf8)
        let streamed = RosterLoader().load(bytes: bytes, path: "t.yaml")
        let document = YAMLLoader().load(bytes, file: "t.yaml").document
        var decoder = RosterFileDecoder(path: "t.yaml")
        let after = document.map { decoder.decode($0) }
        #expect(streamed.0?.people.count == 3000)
        #expect(after?.0.people.map(\.name.value) == streamed.0?.people.map(\.name.value))
        #expect(after?.0.people.map(\.craft) == streamed.0?.people.map(\.craft))
        #expect(after?.0.people.map(\.focus) == streamed.0?.people.map(\.focus))
        #expect(after?.0.teams.map(\.name.value) == streamed.0?.teams.map(\.name.value))
        #expect(after?.1.sortedForDisplay().map(render) == streamed.1.sortedForDisplay().map(render))
        #expect(streamed.1.contains { $0.message.contains("invalid level \"Nope\"") })
        // A list loaded under another key and reached through an alias is decoded at the end.
        let aliased = RosterLoader().load(
            bytes: Array("version: 1\nx: &all\n  - {name: A, craft: Design, level: Staff}\npeople: *all\n".utf8),
            path: "a.yaml")
        #expect(aliased.0?.people.map(\.name.value) == ["A"])
    }
}
