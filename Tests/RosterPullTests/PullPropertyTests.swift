import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull
@testable import RosterReconcile

/// `roster pull` over every style the loader accepts, against generated live states: after each
/// pull the files load, plan clean, keep every comment, and keep the lines of entries that did not
/// change. Fixed seeds: a failure names its seed and replays.
@Suite struct PullPropertyTests {
    @Test func everyPullLoadsPlansCleanAndKeepsWhatItNeedNotChange() {
        var edited = 0
        for seed in UInt64(1)...400 {
            var rng = SplitMix64(seed: seed)
            let generated = PullCase.generate(&rng)
            if check(generated, seed: seed) { edited += 1 }
        }
        #expect(edited > 250, "only \(edited) of 400 generated rosters needed a pull")
    }

    /// Pulls one case and checks it; whether the pull changed a file.
    @discardableResult
    func check(_ generated: PullCase, seed: UInt64) -> Bool {
        let texts = Dictionary(uniqueKeysWithValues: generated.files.map { ($0.path, $0.text) })
        let before = RosterLoader().load(texts: generated.files.map { ($0.path, Array($0.text.utf8)) })
        guard before.isValid else {
            Issue.record("seed \(seed): the generated roster does not load: \(before.diagnostics)\n\(generated)")
            return false
        }
        var puller = Puller(roster: before.roster, live: generated.live, texts: texts)
        let changed = puller.run(into: generated.into)
        #expect(puller.diagnostics.isEmpty, "seed \(seed): \(puller.diagnostics)")
        let after = generated.files.map { (path: $0.path, text: changed[$0.path] ?? $0.text) }
        let loaded = RosterLoader().load(texts: after.map { ($0.path, Array($0.text.utf8)) })
        guard loaded.isValid else {
            Issue.record(
                "seed \(seed): the pulled roster does not load: \(loaded.diagnostics)\n\(describe(after))\nfrom\n\(generated)"
            )
            return true
        }
        let (plan, problems) = Planner.plan(roster: loaded.roster, live: generated.live, prune: false, endpoint: "")
        let changes = plan?.changes ?? []
        let planned = changes.map { "\($0.action) \($0.name)" }
        if !problems.isEmpty || !changes.isEmpty {
            Issue.record(
                "seed \(seed): the pulled roster still plans \(planned) \(problems)\n\(describe(after))\nfrom\n\(generated)"
            )
        }
        let output = after.map(\.text).joined(separator: "\n")
        let lines = Set(output.split(whereSeparator: \.isNewline).map(Self.comparable))
        for kept in generated.comments + generated.stableLines where !lines.contains(Self.comparable(kept)) {
            Issue.record("seed \(seed): the line \"\(kept)\" is gone\n\(describe(after))")
        }
        #expect(
            PullCheck.problems(files: after.map(\.path), texts: texts, changed: changed, live: generated.live).isEmpty)
        return !changed.isEmpty
    }

    /// A line as compared: without a trailing comma (the last entry of a list may gain or lose one).
    static func comparable<S: StringProtocol>(_ line: S) -> String {
        var text = String(line).trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(",") { text.removeLast() }
        return text
    }

    func describe(_ files: [(path: String, text: String)]) -> String {
        files.map { "--- \($0.path)\n\($0.text)" }.joined(separator: "\n")
    }

    @Test func aPullThatWouldNotLoadWritesNothing() {
        let live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true),
            users: [
                LiveUser(id: 1, name: "Ann", craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil)
            ], teams: [],
            levels: [])
        let texts = ["r.yaml": "version: 1\npeople: []\n"]
        let broken = ["r.yaml": "version: 1\npeople: [, {name: Ann}]\n"]
        let problems = PullCheck.problems(files: ["r.yaml"], texts: texts, changed: broken, live: live)
        #expect(problems.count == 1)
        #expect(problems.first?.message.contains("would not load") == true)
        #expect(problems.first?.location?.file == "r.yaml")
        let unclean = ["r.yaml": "version: 1\npeople: []\n# still nobody\n"]
        let still = PullCheck.problems(files: ["r.yaml"], texts: texts, changed: unclean, live: live)
        #expect(still.first?.message.contains("would still plan") == true, "\(still)")
    }
}
