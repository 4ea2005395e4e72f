import RosterCore
import RosterFiles
import RosterModel
import RosterReconcile

/// Pull with a base: the roster as it was last applied (the default branch). Each value pull
/// would change is drift only when the files still say what the base says; where the files
/// differ from the base, the difference is an edit not applied yet, kept; where the space and the
/// files both differ from the base, differently, it is a conflict: nothing is written for it.
package struct ThreeWayPull {
    /// A value both the files and the space changed since the base, differently.
    package struct Conflict: Sendable, Equatable {
        /// What kind of entry it is about: `person "Leo Santos"`, `level Senior`, `access`.
        package enum Kind: String, Sendable, CaseIterable {
            case person, team, level, access
        }

        var kind: Kind
        /// The person's, team's or level's name (empty for access).
        var name: String
        var field: String
        var base: String
        var files: String
        var space: String

        /// `person "Leo Santos"`, `level Senior`, `access`.
        var entity: String { Self.entity(kind, name) }

        static func entity(_ kind: Kind, _ name: String) -> String {
            switch kind {
            case .person, .team: "\(kind.rawValue) \"\(name)\""
            case .level: "level \(name)"
            case .access: "access"
            }
        }

        /// `person "Leo Santos" focus: base Frontend, files Backend, space Mobile`.
        package var description: String {
            "\(entity) \(field): base \(base), files \(files), space \(space)"
        }
    }

    /// What pull writes: the drift.
    var adopted: [PullDecision] = []
    /// What the files say that the base does not, and the space does not either: kept.
    var pending: [String] = []
    var conflicts: [Conflict] = []

    let decided: PullDecisions
    /// `--take`: how conflicts are resolved, the first that names one deciding it.
    let take: [PullTake]
    var usedTakes = Set<Int>()
    /// Files people whose entry the pull removes (the space deleted them): their references go.
    var removedPeople = Set<Int>()
    /// Live people in conflict over their teams, kept in the files' teams.
    var keptTeams = Set<Int>()
    /// Live people in conflict over their teams, `--take space` put in the space's teams.
    var takenFromSpace = Set<Int>()
    let files: Roster
    let base: Roster
    let ours: Matching
    let theirs: Matching
    let users: [Int: LiveUser]
    let teams: [Int: LiveTeam]
    /// Look-ups made once: the files' entries by where they start, the base's by live id and name.
    let index: Index

    struct Index {
        var filesPeople: [SourceLocation: Int] = [:], filesTeams: [SourceLocation: Int] = [:]
        var basePeople: [Int: Int] = [:], baseTeams: [Int: Int] = [:]
        var basePeopleByKey: [NameKey: Int] = [:], baseTeamKeys = Set<NameKey>()
        /// The files' person each live id is.
        var filesByID: [Int: Int] = [:]
        /// Who leads and who is in each team, of the files and of the base.
        var filesTeamPeople: TeamPeople, baseTeamPeople: TeamPeople

        init(files: Roster, base: Roster, ours: Matching, theirs: Matching) {
            for (i, person) in files.people.enumerated() { filesPeople[person.location] = i }
            for (i, match) in ours.people.enumerated() { if let match { filesByID[match.id] = i } }
            for (t, team) in files.teams.enumerated() { filesTeams[team.location] = t }
            for (i, match) in theirs.people.enumerated() { if let match { basePeople[match.id] = i } }
            for (t, match) in theirs.teams.enumerated() { if let match { baseTeams[match.id] = t } }
            for (i, person) in base.people.enumerated() where basePeopleByKey[person.key] == nil {
                basePeopleByKey[person.key] = i
            }
            baseTeamKeys = Set(base.teams.map(\.key))
            filesTeamPeople = TeamPeople.of(files)
            baseTeamPeople = TeamPeople.of(base)
        }

        /// The files' person who is live person `id`.
        func filesPerson(_ id: Int) -> Int? { filesByID[id] }
    }

    /// Sorts `decided`'s decisions (made against `files`) by the base; `take` resolves conflicts.
    init(_ decided: PullDecisions, files: Roster, base: Roster, live: LiveState, take: [PullTake] = []) {
        self.decided = decided
        self.take = take
        self.files = files
        self.base = base
        ours = decided.matching
        theirs = Matching(roster: base, live: live, adopting: true, asOf: decided.asOf)
        index = Index(files: files, base: base, ours: ours, theirs: theirs)
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        findTeamConflicts(
            Memberships(files: files, base: base, ours: ours, theirs: theirs, index: index, live: live.teams))
        for decision in decided.decisions { sort(decision) }
        checkLeads()
    }

    /// Why the merge cannot be written: a person it removes (the space deleted them) leads a team
    /// the files keep them leading. The files must name who leads it next; pull will not guess.
    var diagnostics: [Diagnostic] = []

    private mutating func checkLeads() {
        for t in files.teams.indices {
            guard let p = index.filesTeamPeople.lead(ofTeam: t), removedPeople.contains(p) else { continue }
            let at = files.teams[t].location
            guard !adopted.contains(where: { $0.isSet(at, RosterFormat.TeamKey.lead.name) }) else { continue }
            let (who, team) = (files.people[p].name.value, files.teams[t].name.value)
            diagnostics.append(
                .error(
                    "the space deleted \(who), whom the files make the lead of team \"\(team)\" (not applied "
                        + "yet): name who leads it next (`roster move NAME --to \"\(team)\" --as lead`), then pull "
                        + "again", at: files.teams[t].lead.location))
        }
    }

    /// The three values of one field: what the base says, what the files say, what the space says.
    struct Values {
        var kind: Conflict.Kind
        var name: String
        var field: String
        var base: String?
        var files: String?
        var space: String?
    }

    private mutating func sort(_ decision: PullDecision) {
        switch decision {
        case .append(let section, let entries, let declares):
            let (taken, kept) = appended(section, entries)
            if !taken.isEmpty { adopted.append(.append(section: section, taken, declares: declares)) }
            pending += kept
        case .removeEntry(let at): sortRemoval(decision, at)
        case .members(let at, _): sortMembers(decision, at: at)
        case .set(let at, RosterFormat.TeamKey.previously.name, _, _):
            // The former names go with the rename they record, when it is adopted.
            let renamed = adopted.last.map { $0.isSet(at, RosterFormat.TeamKey.name.name) } ?? false
            if renamed { adopted.append(decision) }
        default:
            guard let values = values(decision) else {
                adopted.append(decision)
                return
            }
            sort(decision, values)
        }
    }

    /// Drift (files = base) is adopted; a pending edit (space = base) kept; else a conflict.
    private mutating func sort(_ decision: PullDecision, _ v: Values) {
        if v.files == v.base {
            adopted.append(decision)
        } else if v.space == v.base {
            pending.append("\(Conflict.entity(v.kind, v.name)) \(v.field)")
        } else if v.space != v.files {
            let conflict = Conflict(
                kind: v.kind, name: v.name, field: v.field, base: shown(v.base, v.field),
                files: shown(v.files, v.field), space: shown(v.space, v.field))
            resolve(conflict, adopting: decision)
        }
    }

    /// A value as a conflict tells it: a lead (compared by live id) by name, no value as `none`.
    func shown(_ text: String?, _ field: String) -> String {
        guard let text else { return "none" }
        guard field == RosterFormat.TeamKey.lead.name, let id = Int(text.dropFirst()) else { return text }
        return personName(id)
    }

    /// A conflict as `--take` resolves it: the space's value adopted, the files' kept, or told.
    mutating func resolve(_ conflict: Conflict, adopting decision: PullDecision) {
        switch resolution(conflict) {
        case .space?: adopted.append(decision)
        case .files?: pending.append("\(conflict.entity) \(conflict.field) (the files' taken)")
        case nil: conflicts.append(conflict)
        }
    }

    /// The side `--take` gives `conflict`, if any names it.
    mutating func resolution(_ conflict: Conflict) -> PullTake.Side? {
        guard let i = take.firstIndex(where: { $0.applies(to: conflict) }) else { return nil }
        usedTakes.insert(i)
        return take[i].side
    }

    /// Live people or teams new to the files: adopted unless the base has them (the files removed
    /// them, not applied yet).
    private func appended(
        _ section: RosterFormat.TopLevelKey, _ entries: [NewEntry]
    ) -> (taken: [NewEntry], kept: [String]) {
        var taken: [NewEntry] = [], kept: [String] = []
        for entry in entries {
            let inBase =
                entry.liveID.map { (section == .people ? index.basePeople : index.baseTeams)[$0] != nil } ?? false
            if inBase {
                kept.append(
                    "\(section == .people ? "person" : "team") \(entry.fields.first?.value.rendered(json: false) ?? "")"
                )
            } else {
                taken.append(entry)
            }
        }
        return (taken, kept)
    }

    /// An entry whose live entity is gone: removed if the base has it as the files do; kept if the
    /// base lacks it (a hire not applied yet); a conflict if the files changed it since (its
    /// fields, or the teams that list them).
    private mutating func sortRemoval(_ decision: PullDecision, _ at: SourceLocation) {
        if let i = index.filesPeople[at] {
            let person = files.people[i]
            // A namesake is the base's entry that pins the same id.
            let pinned = person.id.flatMap { id in base.people.firstIndex { $0.id?.value == id.value } }
            guard let b = pinned ?? index.basePeopleByKey[person.key] else {
                return pending.append("person \"\(person.name.value)\"")
            }
            let before = teams(listing: b, base, index.baseTeamPeople, theirs)
            let now = teams(listing: i, files, index.filesTeamPeople, ours)
            let conflict =
                Self.stated(base.people[b]) != Self.stated(person)
                ? Conflict(
                    kind: .person, name: person.name.value, field: "entry", base: "as it was", files: "edited",
                    space: "deleted")
                : before != now
                    ? Conflict(
                        kind: .person, name: person.name.value, field: "teams", base: teamNames(before),
                        files: teamNames(now), space: "deleted")
                    : nil
            guard let conflict, resolution(conflict) != .space else {
                removedPeople.insert(i)
                return adopted.append(decision)
            }
            resolve(conflict, adopting: decision)
        } else if let t = index.filesTeams[at] {
            let team = files.teams[t]
            guard index.baseTeamKeys.contains(team.key) else {
                return pending.append("team \"\(team.name.value)\"")
            }
            adopted.append(decision)
        } else {
            adopted.append(decision)
        }
    }

    /// The teams of `roster` that list person `p` (lead or member).
    func teams(listing p: Int, _ roster: Roster, _ people: TeamPeople, _ matching: Matching) -> Set<TeamIdentity> {
        var listing = Set<TeamIdentity>()
        for t in roster.teams.indices
        where people.lead(ofTeam: t) == p || people.members(ofTeam: t).contains(Int32(p)) {
            listing.insert(matching.teams[t].map { .live($0.id) } ?? .named(roster.teams[t].key))
        }
        return listing
    }

    /// Every field a person's entry states, for comparing an entry of the base with the files'.
    static func stated(_ person: PersonEntry) -> [String?] {
        PersonField.all.map { statedText(person, $0) }
    }

    /// What an entry states for `field`: its name's key, a value, nil for `null`, `absent` when
    /// it leaves the field out (which only a field left alone when absent can).
    static func statedText(_ person: PersonEntry, _ field: PersonField) -> String? {
        guard field != .name else { return person.key.value }
        switch person.stated(field) {
        case .unmanaged: return "absent"
        case .clear: return nil
        case .value(let text): return text
        }
    }
}
