import Foundation

/// Random but replayable damage to the example rosters, for the robustness and fuzz tests.
package enum FuzzInput {
    package static let tokens: [String] = [
        "&a ", "*a", "<<: *a\n", "!!str ", "!custom ", "---\n", "...\n", "- ", ": ", "? ", "[", "]", "{", "}", ",",
        "\"", "'",
        "\t", "\n", "  ", "#", "|\n", ">-\n", "null", "~", "\u{0}", "\u{FEFF}", "é", "😀", "\\uD83D", "%YAML 1.1\n", "@",
        "`",
        "version: 2\n", "id: -1", "lead: Nobody", "members: [", "levelStartDate: 2024-02-30", "limitMonths: 9999",
    ]

    /// The example rosters, by file name.
    package static func examples() -> [(String, [UInt8])] {
        [
            "examples/demo-space.yaml", "examples/acme.yaml", "examples/multi/engineering.yaml",
            "examples/multi/teams/teams.json",
        ].compactMap { path in
            let url = TestSupport.packageRoot.appendingPathComponent(path)
            return FileManager.default.contents(atPath: url.path).map { (url.lastPathComponent, [UInt8]($0)) }
        }
    }

    /// One to four random byte and token edits of `input`.
    package static func mutate(_ input: [UInt8], _ rng: inout SplitMix64) -> [UInt8] {
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
}
