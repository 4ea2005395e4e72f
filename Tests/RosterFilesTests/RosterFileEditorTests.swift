import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterFiles
@testable import RosterModel

/// The file editor alone, over the styles pull's property test generates (block and flow,
/// quoted and plain, JSON, CRLF, no final newline): an edit changes what it says and nothing
/// else; every comment and every other file stays.
@Suite struct RosterFileEditorTests {
    /// Loads `files`; nil (recorded) when they do not load.
    static func load(_ files: [(path: String, text: String)], _ context: String) -> Roster? {
        let loaded = RosterLoader().load(texts: files.map { ($0.path, Array($0.text.utf8)) })
        guard loaded.isValid else {
            Issue.record("\(context): \(loaded.diagnostics)\n\(files.map(\.text).joined(separator: "\n---\n"))")
            return nil
        }
        return loaded.roster
    }

    @Test func settingAFieldChangesThatFieldOnlyAndKeepsTheRest() {
        var edits = 0
        for seed in UInt64(1)...300 {
            var rng = SplitMix64(seed: seed)
            let generated = PullCase.generate(&rng)
            guard let roster = Self.load(generated.files, "seed \(seed) before"), !roster.people.isEmpty else {
                continue
            }
            let index = Int.random(in: 0..<roster.people.count, using: &rng)
            let person = roster.people[index]
            let file = person.location.file
            guard let text = generated.files.first(where: { $0.path == file })?.text,
                var editor = RosterFileEditor(file: file, text: text), let node = editor.entry(at: person.location)
            else {
                Issue.record("seed \(seed): no entry at \(person.location)")
                continue
            }
            let focus: Focus = person.focus == .mobile ? .frontend : .mobile
            editor.setField(node, "focus", .token(focus.rawValue))
            let after = generated.files.map { (path: $0.path, text: $0.path == file ? editor.edited() ?? "" : $0.text) }
            guard let edited = Self.load(after, "seed \(seed) after") else { continue }
            var expected = roster.people.map { ($0.name.value, $0.focus, $0.level, $0.craft) }
            expected[index].1 = focus
            #expect(
                edited.people.map { ($0.name.value, $0.focus, $0.level, $0.craft) }.elementsEqual(expected, by: ==),
                "seed \(seed)")
            let lines = Set(after.flatMap { $0.text.split(whereSeparator: \.isNewline).map(String.init) })
            for comment in generated.comments where !lines.contains(where: { $0.contains(comment) }) {
                Issue.record("seed \(seed): the comment \"\(comment)\" is gone")
            }
            edits += 1
        }
        #expect(edits > 150)
    }
}
