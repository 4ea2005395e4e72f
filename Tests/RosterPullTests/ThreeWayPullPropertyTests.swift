import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull

/// The three-way pull over random rosters: random edits in the files (not applied yet) and
/// random changes in the space since the base. Drift is adopted, pending edits kept, and the
/// conflicts are exactly the fields both changed, differently.
@Suite struct ThreeWayPullPropertyTests {
    static let at = SourceLocation(file: "r.yaml", line: 1, column: 1)

    /// A generated case: the base, the files, the space, and what pull must make of them.
    struct Case {
        var base = Roster(), files = Roster()
        var users: [LiveUser] = []
        var drift = Set<String>(), pending = Set<String>(), conflicts = Set<String>()
    }

    static func entry(_ user: LiveUser, line: Int) -> PersonEntry {
        PersonEntry(
            name: Located(user.name, at: at), craft: user.craft, level: user.level, focus: user.focus,
            levelStartDate: .unmanaged, location: SourceLocation(file: "r.yaml", line: line, column: 3))
    }

    static func generate(_ rng: inout SplitMix64) -> Case {
        var c = Case()
        c.users = (0..<Int.random(in: 1...8, using: &rng)).map { i in
            LiveUser(
                id: i + 1, name: "Person \(i)", craft: .engineering,
                level: JobLevel.allCases.randomElement(using: &rng) ?? .mid,
                focus: [Focus.frontend, .backend, .mobile].randomElement(using: &rng) ?? .backend, levelStartDate: nil)
        }
        c.base.people = c.users.enumerated().map { entry($1, line: $0 + 2) }
        c.files.people = c.base.people
        for i in c.users.indices {
            for field in ["level", "focus"] { change(&c, i, field, &rng) }
        }
        return c
    }

    /// Changes `field` of person `i` in the files, the space, both (alike or not) or neither.
    static func change(_ c: inout Case, _ i: Int, _ field: String, _ rng: inout SplitMix64) {
        let inFiles = Int.random(in: 0..<4, using: &rng) == 0
        let inSpace = Int.random(in: 0..<4, using: &rng) == 0
        let same = inFiles && inSpace && Bool.random(using: &rng)
        if field == "level" {
            let others = JobLevel.allCases.filter { $0 != c.users[i].level }
            let a = others.randomElement(using: &rng) ?? .staff
            let b = same ? a : others.filter { $0 != a }.randomElement(using: &rng) ?? a
            if inFiles { c.files.people[i].level = a }
            if inSpace { c.users[i].level = b }
        } else {
            let others = [Focus.frontend, .backend, .mobile, .fullstack].filter { $0 != c.users[i].focus }
            let a = others.randomElement(using: &rng) ?? .fullstack
            let b = same ? a : others.filter { $0 != a }.randomElement(using: &rng) ?? a
            if inFiles { c.files.people[i].focus = a }
            if inSpace { c.users[i].focus = b }
        }
        let key = "Person \(i) \(field)"
        switch (inFiles, inSpace) {
        case (true, true): if !same { c.conflicts.insert(key) }
        case (true, false): c.pending.insert(key)
        case (false, true): c.drift.insert(key)
        case (false, false): break
        }
    }

    /// What the merge adopted, kept and found in conflict, as `Person N field`.
    static func outcome(_ merge: ThreeWayPull) -> (drift: Set<String>, pending: Set<String>, conflicts: Set<String>) {
        let tracked = { (field: String) in field == "level" || field == "focus" }
        let drift = merge.adopted.compactMap { decision -> String? in
            guard case .set(let at, let key, _, _) = decision, tracked(key) else { return nil }
            return "Person \(at.line - 2) \(key)"
        }
        let pending = merge.pending.filter { tracked(String($0.split(separator: " ").last ?? "")) }.map {
            $0.replacingOccurrences(of: "person \"", with: "").replacingOccurrences(of: "\" ", with: " ")
        }
        let conflicts = merge.conflicts.filter { tracked($0.field) }.map {
            $0.entity.replacingOccurrences(of: "person \"", with: "").replacingOccurrences(of: "\"", with: "")
                + " " + $0.field
        }
        return (Set(drift), Set(pending), Set(conflicts))
    }

    @Test func driftIsAdoptedPendingKeptAndConflictsAreTheFieldsBothChanged() {
        var seen = (drift: 0, pending: 0, conflicts: 0)
        for seed in UInt64(1)...300 {
            var rng = SplitMix64(seed: seed)
            let c = Self.generate(&rng)
            let live = LiveState(
                space: LiveSpace(id: "s", name: "S", isOwner: true), users: c.users, teams: [], levels: [])
            let merge = ThreeWayPull(
                PullDecisions(roster: c.files, live: live, asOf: nil, take: []), files: c.files, base: c.base,
                live: live)
            let got = Self.outcome(merge)
            seen = (
                seen.drift + got.drift.count, seen.pending + got.pending.count, seen.conflicts + got.conflicts.count
            )
            #expect(got.drift == c.drift, "seed \(seed)")
            #expect(got.pending == c.pending, "seed \(seed)")
            #expect(got.conflicts == c.conflicts, "seed \(seed)")
        }
        #expect(seen.drift > 100 && seen.pending > 100 && seen.conflicts > 50, "\(seen)")
    }
}
