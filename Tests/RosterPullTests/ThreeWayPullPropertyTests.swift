import RosterCore
import RosterModel
import RosterTestSupport
import Testing

@testable import RosterPull

/// The three-way pull over random rosters: random edits in the files (not applied yet) and
/// random changes in the space since the base. Drift is adopted, pending edits kept, and the
/// conflicts are exactly the fields both changed, differently.
@Suite struct ThreeWayPullPropertyTests {
    static let at = SourceLocation(file: "r.yaml", line: 1, column: 1)

    static func entry(_ user: LiveUser, line: Int) -> PersonEntry {
        PersonEntry(
            name: Located(user.name, at: at), craft: user.craft, level: user.level, focus: user.focus,
            location: SourceLocation(file: "r.yaml", line: line, column: 3))
    }

    @Test func driftIsAdoptedPendingKeptAndConflictsAreTheFieldsBothChanged() {
        var seen = (drift: 0, pending: 0, conflicts: 0)
        for seed in UInt64(1)...300 {
            var rng = SplitMix64(seed: seed)
            let count = Int.random(in: 1...8, using: &rng)
            let baseUsers = (0..<count).map { i in
                LiveUser(
                    id: i + 1, name: "Person \(i)", craft: .engineering,
                    level: JobLevel.allCases.randomElement(using: &rng) ?? .mid,
                    focus: [Focus.frontend, .backend, .mobile].randomElement(using: &rng) ?? .backend)
            }
            var base = Roster(), files = Roster()
            base.people = baseUsers.enumerated().map { Self.entry($1, line: $0 + 2) }
            files.people = base.people
            var users = baseUsers
            var expected = (drift: Set<String>(), pending: Set<String>(), conflicts: Set<String>())
            for i in 0..<count {
                for field in ["level", "focus"] {
                    let inFiles = Int.random(in: 0..<4, using: &rng) == 0
                    let inSpace = Int.random(in: 0..<4, using: &rng) == 0
                    let same = inFiles && inSpace && Bool.random(using: &rng)
                    let key = "Person \(i) \(field)"
                    if field == "level" {
                        let a = JobLevel.allCases.filter { $0 != users[i].level }.randomElement(using: &rng) ?? .staff
                        let b =
                            same
                            ? a
                            : JobLevel.allCases.filter { $0 != users[i].level && $0 != a }.randomElement(using: &rng)
                                ?? a
                        if inFiles { files.people[i].level = a }
                        if inSpace { users[i].level = b }
                    } else {
                        let options = [Focus.frontend, .backend, .mobile, .fullstack]
                        let a = options.filter { $0 != users[i].focus }.randomElement(using: &rng) ?? .fullstack
                        let b =
                            same
                            ? a : options.filter { $0 != users[i].focus && $0 != a }.randomElement(using: &rng) ?? a
                        if inFiles { files.people[i].focus = a }
                        if inSpace { users[i].focus = b }
                    }
                    switch (inFiles, inSpace) {
                    case (true, true): if !same { expected.conflicts.insert(key) }
                    case (true, false): expected.pending.insert(key)
                    case (false, true): expected.drift.insert(key)
                    case (false, false): break
                    }
                }
            }
            let live = LiveState(
                space: LiveSpace(id: "s", name: "S", isOwner: true), users: users, teams: [], levels: [])
            let decided = PullDecisions(roster: files, live: live)
            let merge = ThreeWayPull(decided, files: files, base: base, live: live)
            let adopted = Set(
                merge.adopted.compactMap { decision -> String? in
                    guard case .set(let at, let key, _, _) = decision, key == "level" || key == "focus" else {
                        return nil
                    }
                    return "Person \(at.line - 2) \(key)"
                })
            let pending = Set(
                merge.pending.compactMap { line -> String? in
                    guard line.hasSuffix(" level") || line.hasSuffix(" focus") else { return nil }
                    return line.replacingOccurrences(of: "person \"", with: "").replacingOccurrences(
                        of: "\" ", with: " ")
                })
            let conflicts = Set(
                merge.conflicts.filter { $0.field == "level" || $0.field == "focus" }.map {
                    $0.entity.replacingOccurrences(of: "person \"", with: "").replacingOccurrences(of: "\"", with: "")
                        + " " + $0.field
                })
            seen.drift += adopted.count
            seen.pending += pending.count
            seen.conflicts += conflicts.count
            #expect(adopted == expected.drift, "seed \(seed)")
            #expect(pending == expected.pending, "seed \(seed)")
            #expect(conflicts == expected.conflicts, "seed \(seed)")
        }
        #expect(seen.drift > 100 && seen.pending > 100 && seen.conflicts > 50, "\(seen)")
    }
}
