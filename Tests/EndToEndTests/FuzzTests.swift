import Foundation
import RosterTestSupport
import Testing

@testable import MPSClient
@testable import RosterCLI
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender
@testable import RosterSession
@testable import RosterYAML

/// Random input everywhere a user or a space's members can put it: bytes, YAML and mutated
/// rosters through validate, and random strings as live names through plan and export. Nothing
/// crashes or hangs, positions are in range, and no raw control character reaches text output.
@Suite struct FuzzTests {
    static let pieces = [
        "version: 1\n", "people:\n", "  - name: ", "{name: ", "}", "[", "]", ", ", ": ", "- ", "&a ", "*a",
        "<<: *a\n", "\"", "'", "\\u001b", "\u{1B}[2K", "\r", "\u{7}", "\u{202E}", "\u{0}", "\u{85}", "\u{200B}",
        "é", "😀", "\n", "  ", "#", "craft: Design", "level: Mid", "teams:\n", "lead: ", "!!str ", "%YAML 1.1\n",
    ]

    static func randomText(_ rng: inout SplitMix64) -> [UInt8] {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return (0..<Int.random(in: 0...300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 1:
            return Array(
                (0..<Int.random(in: 1...60, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
                    .utf8)
        default:
            let examples = FuzzInput.examples()
            return FuzzInput.mutate(examples[Int.random(in: 0..<examples.count, using: &rng)].1, &rng)
        }
    }

    /// The lines of `bytes` as YAML counts them: LF, CR, CRLF, NEL, LS and PS end a line.
    static func yamlLines(_ bytes: [UInt8]) -> Int {
        var lines = 1
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case 0x0A: lines += 1
            case 0x0D: lines += 1; if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
            case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: lines += 1
            case 0xE2
            where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                lines += 1
            default: break
            }
            i += 1
        }
        return lines
    }

    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.isUnsafe($0) }
    }

    @Test(arguments: 0..<4)
    func randomInputThroughValidate(_ shard: Int) {
        var rng = SplitMix64(seed: 0xF022 + UInt64(shard))
        for round in 0..<600 {
            let bytes = Self.randomText(&rng)
            let path = Bool.random(using: &rng) ? "r.yaml" : "r.json"
            var (file, diagnostics) = RosterLoader().load(bytes: bytes, path: path)
            if let file { diagnostics += RosterValidator.merge([file]).1 }
            let lines = Self.yamlLines(bytes)
            for d in diagnostics {
                let line = d.location?.line ?? 0
                #expect(
                    line >= 1 && line <= lines + 1 && (d.location?.column ?? 0) >= 1,
                    "shard \(shard) round \(round): \(d.message) at \(line)")
            }
            #expect(!Self.hasRawControl(DiagnosticRenderer.text(diagnostics)), "shard \(shard) round \(round)")
        }
    }

    @Test func randomInputThroughTheBinaryExitsZeroOrOne() throws {
        var rng = SplitMix64(seed: 0xB1)
        for round in 0..<40 {
            let text = String(decoding: Self.randomText(&rng), as: UTF8.self)
            let result = try RosterBinary.run(["validate", "-"], stdin: text, timeout: 30)
            #expect(result.code == 0 || result.code == 1, "round \(round): exit \(result.code)")
            #expect(
                !Self.hasRawControl(result.stdout + result.stderr), "round \(round): \(result.stderr.debugDescription)")
        }
    }

    static func randomName(_ rng: inout SplitMix64) -> String {
        let alphabet: [Unicode.Scalar] = [
            "A", "b", " ", "\u{1B}", "\r", "\n", "\u{7}", "\u{0}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}",
            "\u{2066}", "\u{200B}", "é", "😀", "\"", "'", "|", "*", "[", "]", "<", ">", "#", ":", "-", "?",
        ]
        var out = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 1...12, using: &rng) { out.append(alphabet.randomElement(using: &rng) ?? "A") }
        return String(out)
    }

    @Test func randomLiveNamesThroughPlanAndExport() throws {
        var rng = SplitMix64(seed: 0x4A)
        for round in 0..<300 {
            let users = (1...6).map {
                LiveUser(
                    id: $0, name: Self.randomName(&rng), craft: .design, level: .mid, focus: .mobile,
                    levelStartDate: nil)
            }
            let teams = [LiveTeam(id: 10, name: Self.randomName(&rng), leadID: 1, memberIDs: [1, 2, 3])]
            let live = LiveState(
                space: LiveSpace(id: "u", name: Self.randomName(&rng), isOwner: true), users: users, teams: teams,
                levels: [])
            let loc = SourceLocation(file: "r.yaml", line: 1, column: 1)
            var roster = Roster()
            roster.people = [
                PersonEntry(
                    name: Located("Ana", at: loc), craft: .design, level: .senior, focus: .notApplicable,
                    levelStartDate: .unmanaged, location: loc)
            ]
            roster.policy.prune = Bool.random(using: &rng)
            let (plan, diagnostics) = Planner.plan(
                roster: roster, live: live, prune: roster.policy.prune, endpoint: "http://x")
            #expect(!Self.hasRawControl(DiagnosticRenderer.text(diagnostics)), "round \(round)")
            if let plan {
                #expect(
                    !Self.hasRawControl(PlanRenderer.text(plan, requests: 1)),
                    "round \(round): \(PlanRenderer.text(plan, requests: 1).debugDescription)")
                #expect(!Self.hasRawControl(PlanRenderer.markdown(plan, requests: 1)), "round \(round)")
            }
            var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
            let yaml = YAMLWriter.write(exporter.document())
            #expect(!Self.hasRawControl(yaml), "round \(round): \(yaml.debugDescription)")
            #expect(YAMLLoader().load(Array(yaml.utf8), file: "export.yaml").document != nil, "round \(round): \(yaml)")
        }
    }
}
