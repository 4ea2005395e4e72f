import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterYAML

/// Any name, written by any of the writers in any place they write names, reads back as itself:
/// no character can end a line, start structure or change on the way (docs/decisions.md, "One
/// scalar writer"). Seeded; the seed and the name are printed on failure.
@Suite struct WriterRoundTripPropertyTests {
    static let seed: UInt64 = 0x5EED_2028

    /// Where a name stands in a document, and how to find it again.
    static let places: [(String, @Sendable (String) -> String)] = [
        ("block value", { "name: \(YAMLQuoting.written($0, inFlow: false))\nnext: 1\n" }),
        ("block item", { "name:\n- \(YAMLQuoting.written($0, inFlow: false))\n- next\nnext: 1\n" }),
        ("flow item", { "name: [\(YAMLQuoting.written($0, inFlow: true)), next]\nnext: 1\n" }),
        ("flow value", { "name: {a: \(YAMLQuoting.written($0, inFlow: true)), b: 1}\nnext: 1\n" }),
        ("block key", { "\(YAMLQuoting.written($0, inFlow: false)): 1\nnext: 1\n" }),
        ("double-quoted", { "name: \(YAMLQuoting.doubleQuoted($0))\nnext: 1\n" }),
        ("single-quoted", { YAMLQuoting.singleQuoted($0).map { "name: \($0)\nnext: 1\n" } ?? "name: ''\nnext: 1\n" }),
    ]

    @Test func everyPlaceReadsBackEveryName() throws {
        var rng = SplitMix64(seed: Self.seed)
        for round in 0..<2_000 {
            let name = HostileNames.random(&rng)
            for (place, write) in Self.places {
                if place == "single-quoted" && YAMLQuoting.singleQuoted(name) == nil { continue }
                let text = write(name)
                let read = YAMLLoader().load(Array(text.utf8), file: "t.yaml")
                let context =
                    "seed \(Self.seed) round \(round), \(place): \(name.debugDescription) as \(text.debugDescription)"
                #expect(read.diagnostics.isEmpty, "\(context): \(read.diagnostics.map(\.message))")
                #expect(Self.firstScalar(read) == name, "\(context)")
                #expect(Self.entries(read) == 2, "\(context): the name wrote structure")
                #expect(!text.contains("##["), "\(context): a CI runner's command")
            }
        }
    }

    /// Export's writer: the name as every kind of entry holds it, in a whole document.
    @Test func theDocumentWriterReadsBackEveryName() throws {
        var rng = SplitMix64(seed: Self.seed + 1)
        for round in 0..<1_000 {
            let name = HostileNames.random(&rng), other = HostileNames.random(&rng)
            let person = YAMLValue.mapping([("name", .string(name)), ("level", .token("Mid"))], flow: true)
            let team = YAMLValue.mapping(
                [("name", .string(other)), ("members", .sequence([.string(name), .string(other)], flow: true))],
                flow: false)
            let document = YAMLValue.mapping(
                [("people", .sequence([person], flow: false)), ("teams", .sequence([team], flow: false))], flow: false)
            let text = YAMLWriter.write(document)
            let read = YAMLLoader().load(Array(text.utf8), file: "t.yaml")
            let context = "seed \(Self.seed + 1) round \(round): \(name.debugDescription), \(other.debugDescription)"
            #expect(read.diagnostics.isEmpty, "\(context): \(read.diagnostics.map(\.message))\n\(text)")
            let root = read.root
            let written = root?.pairs?.first?.value.items?.first?.pairs?.first?.value.scalar?.value
            let teamEntry = root?.pairs?.last?.value.items?.first
            let members = teamEntry?.pairs?.last?.value.items?.compactMap { $0.scalar?.value }
            #expect(written == name && members == [name, other], "\(context)\n\(text)")
            #expect(teamEntry?.pairs?.first?.value.scalar?.value == other, "\(context)\n\(text)")
            #expect(!text.contains("##["), "\(context): a CI runner's command\n\(text)")
        }
    }

    /// JSON's writer, read by the one JSON reader and by the roster loader (a `.json` roster).
    @Test func theJSONWriterReadsBackEveryName() throws {
        var rng = SplitMix64(seed: Self.seed + 2)
        for round in 0..<2_000 {
            let name = HostileNames.random(&rng)
            let text = JSONValue.object([("name", .string(name)), ("next", .int(1))]).rendered()
            let context = "seed \(Self.seed + 2) round \(round): \(name.debugDescription) as \(text.debugDescription)"
            #expect(JSONValue(parsing: Data(text.utf8))?["name"] == .string(name), "\(context)")
            let read = YAMLLoader().load(Array(text.utf8), file: "t.json")
            #expect(Self.firstScalar(read) == name, "\(context): \(read.diagnostics.map(\.message))")
            // Nothing a terminal or a review acts on is written raw.
            #expect(!text.unicodeScalars.contains { TerminalText.isUnsafe($0) || [0x2028, 0x2029].contains($0.value) })
            #expect(!text.contains("##["), "\(context): a CI runner's command")
        }
    }

    /// The value of the first key `name` (or the first item or value of what it holds), else the
    /// first key: where each place writes the name.
    static func firstScalar(_ read: YAMLLoader.Result) -> String? {
        guard let first = read.root?.pairs?.first else { return nil }
        guard first.key.scalar?.value == "name" else { return first.key.scalar?.value }
        let value = first.value
        return value.scalar?.value ?? value.items?.first?.scalar?.value ?? value.pairs?.first?.value.scalar?.value
    }

    static func entries(_ read: YAMLLoader.Result) -> Int? { read.root?.pairs?.count }
}
