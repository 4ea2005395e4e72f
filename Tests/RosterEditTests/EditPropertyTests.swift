import RosterModel
import RosterTestSupport
import Testing

@testable import RosterEdit

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
        return true
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
