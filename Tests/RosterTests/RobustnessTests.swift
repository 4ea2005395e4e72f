import Foundation
import RosterCore
import RosterModel
import Testing

/// A small seeded generator, so every failure can be replayed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Thousands of random byte and token mutations of the examples: every one ends in a roster or
/// in positioned diagnostics, never a crash or a hang.
@Suite struct RobustnessTests {
    static let tokens: [String] = [
        "&a ", "*a", "<<: *a\n", "!!str ", "!custom ", "---\n", "...\n", "- ", ": ", "? ", "[", "]", "{", "}", ",",
        "\"", "'",
        "\t", "\n", "  ", "#", "|\n", ">-\n", "null", "~", "\u{0}", "\u{FEFF}", "é", "😀", "\\uD83D", "%YAML 1.1\n", "@",
        "`",
        "version: 2\n", "id: -1", "lead: Nobody", "members: [", "levelStartDate: 2024-02-30", "limitMonths: 9999",
    ]

    static func examples() -> [(String, [UInt8])] {
        [
            "examples/demo-space.yaml", "examples/acme.yaml", "examples/multi/engineering.yaml",
            "examples/multi/teams/teams.json",
        ].compactMap { path in
            let url = TestSupport.packageRoot.appendingPathComponent(path)
            return FileManager.default.contents(atPath: url.path).map { (url.lastPathComponent, [UInt8]($0)) }
        }
    }

    static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
            case 1: bytes.remove(at: at)
            case 2: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 3: bytes.insert(contentsOf: Array(tokens.randomElement(using: &rng)!.utf8), at: at)
            case 4:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &rng))
                bytes.removeSubrange(at..<end)
            default:
                let start = Int.random(in: 0..<bytes.count, using: &rng)
                let chunk = bytes[start..<min(bytes.count, start + Int.random(in: 1...60, using: &rng))]
                bytes.insert(contentsOf: chunk, at: at)
            }
        }
        return bytes
    }

    @Test(arguments: 0..<4)
    func mutatedExamplesEndInARosterOrPositionedDiagnostics(_ shard: Int) {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(shard))
        let examples = Self.examples()
        #expect(examples.count == 4)
        for round in 0..<1000 {
            let (name, original) = examples[round % examples.count]
            let mutated = Self.mutate(original, &rng)
            var (file, diagnostics) = RosterLoader().load(bytes: mutated, path: name)
            if let file { diagnostics += RosterValidator.merge([file]).1 }
            if file == nil {
                #expect(diagnostics.hasErrors, "shard \(shard) round \(round): no roster and no error")
            }
            for d in diagnostics {
                #expect(
                    (d.location?.line ?? 0) > 0 && (d.location?.column ?? 0) > 0,
                    "shard \(shard) round \(round): \(d.message) has no line and column")
            }
        }
    }
}
