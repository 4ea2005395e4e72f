import RosterCore
import RosterModel
import RosterReconcile

/// Pull with a base: the roster as it was last applied (the default branch). Each value pull
/// would change is drift only when the files still say what the base says; where the files
/// differ from the base, the difference is an edit not applied yet, kept; where the space and the
/// files both differ from the base, differently, it is a conflict: nothing is written for it.
package struct ThreeWayPull {
    /// A value both the files and the space changed since the base, differently.
    package struct Conflict: Sendable, Equatable {
        package var entity: String
        package var field: String
        package var base: String
        package var files: String
        package var space: String

        /// `person "Leo Santos" focus: base Frontend, files Backend, space Mobile`.
        package var description: String {
            "\(entity) \(field): base \(base), files \(files), space \(space)"
        }
    }

    /// What pull writes: the drift.
    package private(set) var adopted: [PullDecision] = []
    /// What the files say that the base does not, and the space does not either: kept.
    package private(set) var pending: [String] = []
    package private(set) var conflicts: [Conflict] = []

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
        /// Who leads and who is in each team, of the files and of the base.
        var filesTeamPeople: TeamPeople, baseTeamPeople: TeamPeople

        init(files: Roster, base: Roster, theirs: Matching) {
            for (i, person) in files.people.enumerated() { filesPeople[person.location] = i }
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
    }

    /// Sorts `decided`'s decisions (made against `files`) by the base.
    package init(_ decided: PullDecisions, files: Roster, base: Roster, live: LiveState) {
        self.files = files
        self.base = base
        ours = Matching(roster: files, live: live, adopting: true)
        theirs = Matching(roster: base, live: live, adopting: true)
        index = Index(files: files, base: base, theirs: theirs)
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        for decision in decided.decisions { sort(decision) }
    }

    /// The three values of one field: what the base says, what the files say, what the space says.
    struct Values {
        var entity: String
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
        case .oneTeamRuleOff: adopted.append(decision)
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
            pending.append("\(v.entity) \(v.field)")
        } else if v.space != v.files {
            conflicts.append(
                Conflict(
                    entity: v.entity, field: v.field, base: v.base ?? "none", files: v.files ?? "none",
                    space: v.space ?? "none"))
        }
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
    /// base lacks it (a hire not applied yet); a conflict if the files changed it since.
    private mutating func sortRemoval(_ decision: PullDecision, _ at: SourceLocation) {
        if let i = index.filesPeople[at] {
            let person = files.people[i]
            let was = index.basePeopleByKey[person.key].map { base.people[$0] }
            guard let was else { return pending.append("person \"\(person.name.value)\"") }
            if Self.stated(was) == Self.stated(person) { return adopted.append(decision) }
            conflicts.append(
                Conflict(
                    entity: "person \"\(person.name.value)\"", field: "entry", base: "as it was",
                    files: "edited", space: "deleted"))
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

    /// Every field a person's entry states, for comparing an entry of the base with the files'.
    static func stated(_ person: PersonEntry) -> [String?] {
        PersonField.allCases.map { statedText(person, $0) }
    }

    /// What an entry states for `field`; the date as written, `absent` when it states none.
    static func statedText(_ person: PersonEntry, _ field: PersonField) -> String? {
        switch field {
        case .name: person.key.value
        case .craft: person.craft.rawValue
        case .level: person.level.rawValue
        case .focus: person.focus.rawValue
        case .levelStartDate:
            switch person.levelStartDate {
            case .unmanaged: "absent"
            case .clear: nil
            case .date(let day): day.description
            }
        }
    }
}
