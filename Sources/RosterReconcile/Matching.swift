import RosterCore
import RosterModel

/// How roster entries correspond to live entities: by pinned id, then by name key, then by a
/// former name. Live entities listed in `policy.ignore` take no part.
package struct Matching: Sendable {
    package enum Via: String, Sendable { case id, name, previously, lead, renamed }

    /// What an id a roster pins and the space lacks is: an error (a plan), or someone new (the
    /// history of a roster, compared with an older version that did not have them yet).
    package enum Pins: Sendable { case inTheSpace, mayBeNew }

    /// For each roster person, the live user it is (nil: to be created) and how it was found.
    package var people: [(id: Int, via: Via)?]
    /// For each roster team, the live team it is.
    package var teams: [(id: Int, via: Via)?]
    /// Live users and teams no roster entry claims (ignored ones excluded), in live order.
    package var unclaimedUsers: [LiveUser]
    package var unclaimedTeams: [LiveTeam]
    /// Live users and teams that `policy.ignore` hides from everything.
    package var ignoredUsers: Set<Int>
    package var ignoredTeams: Set<Int>
    package var diagnostics: [Diagnostic]
    /// With `adopting`: the roster people and teams matched by picking among live entities of
    /// their name (the oldest, lowest id), which a pull pins.
    package var picked: (people: Set<Int>, teams: Set<Int>) = ([], [])

    /// Matches `roster` to `live`. A plan refuses what it cannot match surely: a name that two
    /// live entities share, a pinned id the space no longer has. A pull (`adopting`) adopts the
    /// space instead: it takes the oldest of the entities a name matches (and pins it), and an
    /// entry whose pinned entity is gone matches nothing (and is removed). An entry whose last day
    /// has passed on `asOf` may pin an id the space no longer has: it is gone, as the roster says.
    package init(roster: Roster, live: LiveState, adopting: Bool = false, asOf: Day?, pins: Pins = .inTheSpace) {
        let ignoredPeople = Set(roster.policy.ignorePeople.map { NameKey($0.value) })
        let ignoredTeamNames = Set(roster.policy.ignoreTeams.map { NameKey($0.value) })
        let ignoredUsers =
            ignoredPeople.isEmpty ? [] : Set(live.users.filter { ignoredPeople.contains($0.key) }.map(\.id))
        let ignoredTeams =
            ignoredTeamNames.isEmpty ? [] : Set(live.teams.filter { ignoredTeamNames.contains($0.key) }.map(\.id))
        self.ignoredUsers = ignoredUsers
        self.ignoredTeams = ignoredTeams
        var diagnostics: [Diagnostic] = []
        // Lazily filtered: copying every live user and team first would retain all their names.
        let userEntries = Array(
            live.users.lazy.filter { !ignoredUsers.contains($0.id) }.map { (id: $0.id, key: $0.key) })
        let teamEntries = Array(
            live.teams.lazy.filter { !ignoredTeams.contains($0.id) }.map { (id: $0.id, key: $0.key) })
        let gone = { (presence: Presence) in
            pins == .mayBeNew || (presence.lastDay != nil && presence.status(on: asOf) == .gone)
        }
        let peopleResult = Self.match(
            kind: "person", liveKind: "user", entries: roster.people, live: userEntries, adopting: adopting,
            gone: Set(roster.people.indices.filter { gone(roster.people[$0].presence) }), diagnostics: &diagnostics)
        var teamResult = Self.match(
            kind: "team", liveKind: "team", entries: roster.teams, live: teamEntries, adopting: adopting,
            gone: Set(roster.teams.indices.filter { gone(roster.teams[$0].presence) }), diagnostics: &diagnostics)
        var peopleMatches = peopleResult.matches, peopleClaimed = peopleResult.claimed
        if adopting {
            Self.matchRenamedPeople(
                roster, live.users.filter { !ignoredUsers.contains($0.id) }, asOf: asOf, &peopleMatches,
                &peopleClaimed)
            Self.matchRenamedTeams(
                roster, live.teams.filter { !ignoredTeams.contains($0.id) }, people: peopleMatches,
                &teamResult.matches, &teamResult.claimed)
        }
        picked = (peopleResult.picked, teamResult.picked)
        people = peopleMatches
        teams = teamResult.matches
        unclaimedUsers = live.users.filter { !ignoredUsers.contains($0.id) && !peopleClaimed.contains($0.id) }
        unclaimedTeams = live.teams.filter { !ignoredTeams.contains($0.id) && !teamResult.claimed.contains($0.id) }
        self.diagnostics = diagnostics
    }

    private static func match<Entry: NamedEntry>(
        kind: String, liveKind: String, entries: [Entry], live: [(id: Int, key: NameKey)], adopting: Bool,
        gone: Set<Int>, diagnostics: inout [Diagnostic]
    ) -> (matches: [(id: Int, via: Via)?], claimed: Set<Int>, picked: Set<Int>) {
        var matcher = Matcher(kind: kind, liveKind: liveKind, entries: entries, live: live)
        matcher.adopting = adopting
        matcher.gone = gone
        matcher.pinnedIDs()
        matcher.names()
        matcher.formerNames()
        diagnostics += matcher.diagnostics
        return (matcher.matches, matcher.claimed, matcher.picked)
    }
}

/// Matches one kind of roster entry to live entities: pinned ids first, then names, then
/// former names, each among what is still unclaimed. Entries are used by index: they are
/// large, and copying each one out costs more than matching it.
private struct Matcher<Entry: NamedEntry> {
    let kind: String
    let liveKind: String
    let entries: [Entry]
    let liveIDs: Set<Int>
    var matches: [(id: Int, via: Matching.Via)?]
    var claimed: Set<Int>
    var diagnostics: [Diagnostic] = []
    /// The live ids by name key.
    var byName: NameGroups<Int>
    /// See ``Matching/init(roster:live:adopting:)``.
    var adopting = false
    /// Entries matched by picking the oldest of several live entities of their name.
    var picked = Set<Int>()
    /// Entries whose last day has passed: a pinned id the space no longer has is theirs, gone.
    var gone = Set<Int>()

    init(kind: String, liveKind: String, entries: [Entry], live: [(id: Int, key: NameKey)]) {
        self.kind = kind
        self.liveKind = liveKind
        self.entries = entries
        // Only pinned ids are looked up among all live ids; most rosters pin none.
        liveIDs = entries.contains { $0.id != nil } ? Set(live.map(\.id)) : []
        matches = Array(repeating: nil, count: entries.count)
        claimed = Set(minimumCapacity: live.count)
        byName = NameGroups(capacity: live.count)
        for entry in live { byName.add(entry.id, for: entry.key) }
    }

    /// The unclaimed live entities named `key`. Names rarely repeat, so the common answer is
    /// one id, given without an array.
    func candidates(_ key: NameKey) -> Candidates {
        guard let first = byName.first[key] else { return .none }
        if let all = byName.repeats[key] {
            let unclaimed = all.filter { !claimed.contains($0) }
            return unclaimed.count == 1 ? .one(unclaimed[0]) : unclaimed.isEmpty ? .none : .several(unclaimed)
        }
        return claimed.contains(first) ? .none : .one(first)
    }

    enum Candidates {
        case none, one(Int), several([Int])
    }

    mutating func ambiguous(_ found: [Int], written: Located<String>) {
        let ids = found.map { "#\($0)" }.joined(separator: ", ")
        var diagnostic = Diagnostic(
            .error, at: written.location,
            "\(kind) \"\(written.value)\" matches \(found.count) live \(liveKind)s (\(ids)); "
                + "pin the one you mean with `id:`", code: .ambiguousMatch)
        diagnostic.liveIDs = found
        diagnostics.append(diagnostic)
    }

    mutating func pinnedIDs() {
        for i in entries.indices {
            guard let id = entries[i].id else { continue }
            if liveIDs.contains(id.value) {
                matches[i] = (id.value, .id)
                claimed.insert(id.value)
                continue
            }
            if adopting || gone.contains(i) { continue }
            let note = DiagnosticNote(
                location: nil, message: "remove `id` to create the \(kind), or pin the id of an existing \(liveKind)")
            diagnostics.append(
                .error(
                    .unknownID,
                    "\(kind) \"\(entries[i].name.value)\" pins id \(id.value), but the space has no \(liveKind) "
                        + "#\(id.value)",
                    at: id.location, notes: [note]))
        }
    }

    mutating func names() {
        for i in entries.indices where matches[i] == nil && entries[i].id == nil {
            switch candidates(entries[i].key) {
            case .none: break
            case .one(let id):
                matches[i] = (id, .name)
                claimed.insert(id)
            case .several(let found) where adopting:
                let oldest = found.min() ?? found[0]
                matches[i] = (oldest, .name)
                claimed.insert(oldest)
                picked.insert(i)
            case .several(let found): ambiguous(found, written: entries[i].name)
            }
        }
    }

    mutating func formerNames() {
        for i in entries.indices where matches[i] == nil && entries[i].id == nil && !entries[i].previously.isEmpty {
            for written in entries[i].previously {
                switch candidates(NameKey(written.value)) {
                case .none: continue
                case .one(let id):
                    matches[i] = (id, .previously)
                    claimed.insert(id)
                case .several(let found): ambiguous(found, written: written)
                }
                break
            }
        }
    }
}
