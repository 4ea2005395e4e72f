import Foundation
import Testing

@testable import RosterEdit
@testable import RosterModel
@testable import RosterRender
@testable import RosterTestSupport

/// Random sequences of edits over the rosters pull's tests generate, in every style people write
/// (block and flow, quoted and plain, anchors and merge keys, CRLF, no final newline, JSON, split
/// over files): after each edit the roster loads, says what the same edit made directly to the
/// model says, and only the files of the entries it concerns change. Fixed seeds replay.
@Suite struct EditPropertyTests {
    @Test func everyEditLoadsAndSaysWhatTheSameEditMadeToTheModelSays() {
        var applied = 0
        for seed in UInt64(1)...300 {
            var rng = SplitMix64(seed: seed)
            let generated = PullCase.generate(&rng)
            var fixture = EditFixture(files: generated.files.map { ($0.path, $0.text) })
            guard fixture.load().isValid else { continue }
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let before = fixture.load().roster
                guard let edit = Self.edit(EditModel(before), &rng) else { break }
                if check(edit, &fixture, before, seed: seed) { applied += 1 }
            }
            // A refused edit writes nothing.
            let texts = fixture.texts
            if let someone = fixture.load().roster.people.first?.name.value {
                let refused = fixture.refusal(.move(person: someone, team: "No Such Team \(seed)", role: .member))
                #expect(refused != nil && fixture.texts == texts, "seed \(seed): an unknown team was not refused")
            }
        }
        #expect(applied > 600, "only \(applied) edits were made")
    }

    /// Makes `edit`; false when it was refused (the files then stay as they were).
    func check(_ edit: RosterEdit, _ fixture: inout EditFixture, _ before: Roster, seed: UInt64) -> Bool {
        let texts = fixture.texts
        let result: EditResult
        do throws(EditRefusal) { result = try fixture.apply(edit) } catch {
            Issue.record("seed \(seed): \(edit) refused: \(error.diagnostics)\n\(describe(texts))")
            return false
        }
        let loaded = fixture.load()
        guard loaded.isValid else {
            Issue.record("seed \(seed): \(edit) left a roster that does not load: \(loaded.diagnostics)")
            return true
        }
        var expected = EditModel(before)
        expected.apply(edit, today: EditFixture.today)
        let actual = EditModel(loaded.roster)
        #expect(actual == expected, "seed \(seed): \(edit)\n\(describe(texts))\n→\n\(describe(fixture.texts))")
        let concerned = Self.files(concernedBy: EditModel(before), expected, before, loaded.roster)
        let stray = Set(result.changed.keys).subtracting(concerned)
        #expect(stray.isEmpty, "seed \(seed): \(edit) changed \(stray.sorted()), which it does not concern")
        for (file, new) in result.changed {
            // `--dry-run`'s patch makes exactly the files the edit writes.
            let patch = UnifiedDiff.render(texts[file] ?? "", new, path: file, creates: texts[file] == nil)
            let applied = PatchApplier.apply(patch, to: texts[file] ?? "")
            #expect(applied == PatchApplier.lines(new), "seed \(seed): \(edit): the patch does not make \(file)")
        }
        expectUntouchedEntriesKeepTheirText(before, EditModel(before), expected, texts, fixture.texts, seed: seed)
        return true
    }

    /// A person the edit does not change keeps the text of their entry's first line (a comma after
    /// it aside): nothing of it is rewritten. Entries that use anchors, aliases or merge keys may
    /// take what others leave them, and are not checked.
    func expectUntouchedEntriesKeepTheirText(
        _ before: Roster, _ old: EditModel, _ new: EditModel, _ texts: [String: String], _ after: [String: String],
        seed: UInt64
    ) {
        let lines = texts.mapValues(PatchApplier.lines)
        for person in before.people where old.people[person.name.value] == new.people[person.name.value] {
            guard let file = lines[person.location.file], person.location.line - 1 < file.count else { continue }
            var line = String(file[person.location.line - 1].unicodeScalars.dropFirst(person.location.column - 1))
            // A flow entry is its braces; a block entry its first line.
            if line.hasPrefix("{"), let close = line.firstIndex(of: "}") { line = String(line[...close]) }
            line = line.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: ",\r")))
            guard !line.contains("&"), !line.contains("*"), !line.contains("<<"), !line.isEmpty else { continue }
            #expect(
                after[person.location.file]?.contains(line) == true,
                "seed \(seed): \(person.name.value)'s entry changed: \(line)")
        }
    }

    /// The files holding what changed between `old` and `new`: the entries that changed or went,
    /// where they were, and those that came, where they are; the levels' files.
    static func files(concernedBy old: EditModel, _ new: EditModel, _ before: Roster, _ after: Roster) -> Set<String> {
        var files: Set<String> = []
        for name in Set(old.people.keys).union(new.people.keys) where old.people[name] != new.people[name] {
            files.formUnion(before.people.filter { $0.name.value == name }.map(\.location.file))
            files.formUnion(after.people.filter { $0.name.value == name }.map(\.location.file))
        }
        for name in Set(old.teams.keys).union(new.teams.keys) where old.teams[name] != new.teams[name] {
            files.formUnion(before.teams.filter { $0.name.value == name }.map(\.location.file))
            files.formUnion(after.teams.filter { $0.name.value == name }.map(\.location.file))
        }
        if old.levels != new.levels { files.formUnion(after.levels.map(\.location.file)) }
        return files
    }

    func describe(_ texts: [String: String]) -> String {
        texts.keys.sorted().map { "--- \($0)\n\(texts[$0] ?? "")" }.joined(separator: "\n")
    }
}
