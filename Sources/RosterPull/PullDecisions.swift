import RosterCore
import RosterFiles
import RosterModel
import RosterReconcile

/// What `roster pull` adopts: a pure function of the roster and the live state. Changed values
/// are written where the entry stands; entries whose live entity is gone go; live people and
/// teams the roster lacks are appended; levels and access follow the space; the one-team rule is
/// turned off when the space breaks it. Nothing here knows how a file is written.
struct PullDecisions {
    var decisions: [PullDecision] = []
    /// Why nothing can be pulled (names the matching cannot settle).
    private(set) var diagnostics: [Diagnostic] = []
    /// What the files cannot hold as the space has it (a level start date that is free text).
    internal(set) var warnings: [Diagnostic] = []

    let roster: Roster
    let live: LiveState
    let matching: Matching
    /// The live space as roster entries; each live user's roster name is the roster's own
    /// spelling where it keeps one.
    var entries: LiveEntries
    let users: [Int: LiveUser]
    let teams: [Int: LiveTeam]
    /// The roster person each live user is, by id.
    let rosterIndex: [Int: Int]
    /// Under the one-team rule, the one team (live id) each live person in several teams is
    /// written in: pull never turns the rule off.
    var homes: [Int: Int] = [:]
    /// The pull's day: a level the roster dates after it is scheduled, and pull leaves it.
    let asOf: Day?

    /// The decisions of a pull of `roster` from `live`; what the roster dates after `asOf` is
    /// scheduled, not drift, and stays.
    init(roster: Roster, live: LiveState, asOf: Day? = nil) {
        self.roster = roster
        self.live = live
        self.asOf = asOf
        matching = Matching(roster: roster, live: live, adopting: true)
        diagnostics = matching.diagnostics
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        var rosterIndex: [Int: Int] = [:]
        for (i, match) in matching.people.enumerated() { if let match { rosterIndex[match.id] = i } }
        self.rosterIndex = rosterIndex
        entries = LiveEntries(live, ignoredUsers: matching.ignoredUsers, ignoredTeams: matching.ignoredTeams)
        guard diagnostics.isEmpty else { return }
        pullPeople()
        appendPeople()
        placeInOneTeam()
        pullTeams()
        appendTeams()
        pullLevels()
        pullAccess()
    }

    // MARK: people

    private mutating func pullPeople() {
        for (i, person) in roster.people.enumerated() {
            let at = person.location
            let status = person.presence.status(on: asOf)
            // Before their first day, and after their last while the space still has them, the
            // plan schedules or deletes them: pull leaves the entry as it is.
            if status == .pending || (status == .gone && matching.people[i] != nil) { continue }
            guard let match = matching.people[i], let user = users[match.id] else {
                decisions.append(.removeEntry(at))
                continue
            }
            if person.presence.starts != nil { decisions.append(.fold(entry: at, key: Person.starts.name)) }
            // Its name now repeats in the space (a namesake hired, or created in the app): the
            // entry pins the person it is.
            if matching.picked.people.contains(i) || (person.id == nil && entries.repeats(person.key)) {
                set(at, Person.id.name, .number(user.id))
            }
            entries.names[user.id] = user.key == person.key ? person.name.value : LiveEntries.name(user.name)
            for field in PersonField.all where !isScheduled(field, of: person) { pull(field, of: user, into: person) }
        }
    }

    /// Whether `field` of `person` is a level (or its date) the roster dates after the pull's day:
    /// the plan schedules it, and pull never undoes it.
    private func isScheduled(_ field: PersonField, of person: PersonEntry) -> Bool {
        guard field == .level || field == .levelStartDate, let asOf, case .value(let day) = person.levelStartDate
        else { return false }
        return day > asOf
    }

    /// Adopts one field of a live person the entry says otherwise.
    private mutating func pull(_ field: PersonField, of user: LiveUser, into person: PersonEntry) {
        let at = person.location
        switch field {
        case .name: if user.key != person.key { set(at, Person.name.name, .text(LiveEntries.name(user.name))) }
        case .craft: if user.craft != person.craft { set(at, field, user.craft) }
        case .level:
            guard user.level != person.level else { return }
            set(at, field, user.level)
            // A promotion is taken whole: the level with the date it started (docs/decisions.md).
            pullDate(of: user, into: person, whole: true)
        case .focus: if user.focus != person.focus { set(at, field, user.focus) }
        case .levelStartDate:
            if user.level == person.level { pullDate(of: user, into: person, whole: false) }
        }
    }

    /// Adopts the live level start date: where the entry states one that differs, or, with a
    /// level adopted (`whole`), also where it states none (an empty one, `null`, when the space
    /// has none). A date that is free text is left out, as export does.
    private mutating func pullDate(of user: LiveUser, into person: PersonEntry, whole: Bool) {
        let stated: String?? =
            switch person.levelStartDate {
            case .unmanaged: whole && !live.lacking.contains(.levelStartDates) ? .some(.some("unmanaged")) : nil
            case .clear: .some(nil)
            case .value(let d): .some(d.description)
            }
        guard let stated, stated != user.levelStartDate else { return }
        let at = person.location
        if let warning = LiveEntries.dateWarning(user) {
            warnings.append(warning)
            decisions.append(.remove(entry: at, key: Person.levelStartDate.name))
        } else {
            set(at, Person.levelStartDate.name, user.levelStartDate.map(WrittenValue.token) ?? .null)
        }
    }

    private mutating func set(_ entry: SourceLocation, _ key: String, _ value: WrittenValue) {
        decisions.append(.set(entry: entry, key: key, value: value))
    }

    /// An enum value; one of a newer MPS is declared in the file's `newValues`.
    private mutating func set(_ entry: SourceLocation, _ field: PersonField, _ value: some RosterEnum) {
        decisions.append(
            .set(
                entry: entry, key: field.key.name, value: .token(value.rawValue),
                declares: value.isKnown ? [] : [value.rawValue]))
    }

    private mutating func appendPeople() {
        let new = matching.unclaimedUsers.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        guard !new.isEmpty else { return }
        let appended = new.map { user -> NewEntry in
            let person = entries.person(user)
            var fields: [(String, WrittenValue)] = [(Person.name.name, .text(person.name))]
            if let id = person.id { fields.append((Person.id.name, .number(id))) }
            fields += person.valueFields.map { ($0.key.name, WrittenValue($0.kind, $1)) }
            if let warning = LiveEntries.dateWarning(user) { warnings.append(warning) }
            return NewEntry(fields, liveID: user.id)
        }
        decisions.append(.append(section: .people, appended, declares: LiveState.newValues(of: new).sorted()))
    }

    // MARK: teams

    private mutating func pullTeams() {
        // The teams as they stand on the pull's day, everyone they name kept (a hire to come too).
        let state = roster.on(asOf, keepingAway: true)
        let people = TeamPeople.of(state)
        for (t, team) in state.teams.enumerated() {
            let at = team.location
            let status = team.presence.status(on: asOf)
            if status == .pending || (status == .gone && matching.teams[t] != nil) { continue }
            guard let match = matching.teams[t], let current = teams[match.id] else {
                decisions.append(.removeEntry(at))
                continue
            }
            if team.presence.starts != nil { decisions.append(.fold(entry: at, key: Team.starts.name)) }
            let folding = foldChanges(of: roster.teams[t], into: team)
            if matching.picked.teams.contains(t) { set(at, Team.id.name, .number(current.id)) }
            if current.key != team.key {
                // A rename in the app, written as one: the old name kept among the former names.
                set(at, Team.name.name, .text(LiveEntries.name(current.name)))
                let former = team.previously.map(\.value).filter { NameKey($0) != current.key }
                set(at, Team.previously.name, .list(former + [team.name.value]))
            }
            let rosterLead = people.lead(ofTeam: t).flatMap { matching.people[$0]?.id }
            let leadsHere = homes[current.leadID].map { $0 == current.id } ?? true
            if leadsHere
                && (rosterLead != current.leadID || renamed(current.leadID) || needsPin(team.lead.value)
                    || folding.lead)
            {
                set(at, Team.lead.name, .text(entries.reference(current.leadID)))
            }
            // Who the written members are now: nil for one who is gone (or names nobody); a
            // hire whose first day is to come is kept as written, and compared with nobody.
            let listed = people.members(ofTeam: t)
            let waiting = listed.filter { $0 >= 0 && roster.people[Int($0)].presence.status(on: asOf) == .pending }
            let written = listed.filter { !waiting.contains($0) }.map { $0 >= 0 ? matching.people[Int($0)]?.id : nil }
            let liveMembers = current.memberSet.subtracting([current.leadID]).filter { placed($0, in: current.id) }
            let stale = written.contains(nil) || team.members.contains { needsPin($0.value) }
            if stale || folding.members || Set(written.compactMap { $0 }).subtracting([current.leadID]) != liveMembers
                || liveMembers.contains(where: renamed)
            {
                // The files' order kept; who joins comes after, by name.
                let kept = written.compactMap { $0 }.filter(liveMembers.contains)
                let joining = liveMembers.subtracting(kept).map(entries.reference).sorted()
                let later = waiting.map { roster.people[Int($0)].reference }
                decisions.append(.members(entry: at, kept.map(entries.reference) + joining + later))
            }
        }
    }

    /// A team's changes whose day has come fold into its lead and members (written as they stand
    /// today); those to come stay. Returns which of the two the folded changes set.
    private mutating func foldChanges(of written: TeamEntry, into team: TeamEntry) -> (lead: Bool, members: Bool) {
        let due = written.changes.filter { change in asOf.map { change.on.value <= $0 } ?? true }
        guard !due.isEmpty else { return (false, false) }
        let later = written.changes.filter { change in asOf.map { change.on.value > $0 } ?? false }
        decisions.append(.teamChanges(entry: team.location, later.sorted { $0.on.value < $1.on.value }.map(\.written)))
        return (due.contains { $0.lead != nil }, due.contains { $0.members != nil })
    }

    /// Whether a reference written without an id names someone whose name now repeats.
    func needsPin(_ written: PersonReference) -> Bool {
        written.id == nil && entries.repeats(written.key)
    }

    /// Whether the roster's name for live user `id` changes in this pull.
    func renamed(_ id: Int) -> Bool {
        guard let index = rosterIndex[id] else { return false }
        return roster.people[index].name.value != entries.names[id]
    }

    private mutating func appendTeams() {
        let new = matching.unclaimedTeams.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        guard !new.isEmpty else { return }
        let appended = new.map { live in
            let team = entries.team(live) { placed($0, in: live.id) }
            return NewEntry(
                [(Team.name.name, WrittenValue.text(team.name))]
                    + (team.id.map { [(Team.id.name, WrittenValue.number($0))] } ?? [])
                    + [(Team.lead.name, .text(team.lead)), (Team.members.name, .list(team.members))], liveID: live.id)
        }
        decisions.append(.append(section: .teams, appended))
    }

    // MARK: the space's rules

    /// Each level limit the roster sets as the space sets it; a level the space sets no limit for
    /// goes (a level the roster does not list is left alone).
    private mutating func pullLevels() {
        var liveLimits: [JobLevel: Int] = [:]
        for l in live.levels { liveLimits[l.level] = l.limitMonths }
        for level in roster.levels where liveLimits[level.level] != level.limitMonths {
            decisions.append(.levelLimit(level.level, months: liveLimits[level.level], file: level.location.file))
        }
    }

    /// The members list written as the live space's members (the roster's spelling kept for
    /// those it already lists), when the roster manages access and the members were read.
    private mutating func pullAccess() {
        guard let access = roster.access, let members = live.members, let location = access.location else { return }
        let (writable, unwritable) = LiveEntries.accessEmails(members)
        warnings += unwritable
        let listed = Set(access.members.map { AccessPolicy.key($0.value) })
        let present = Set(writable.map(AccessPolicy.key))
        guard listed != present else { return }
        let kept = access.members.map(\.value).filter { present.contains(AccessPolicy.key($0)) }
        let added = writable.filter { !listed.contains(AccessPolicy.key($0)) }
        decisions.append(.accessMembers(at: location, kept + added))
    }

    /// Whether live person `id` is written in team `team`: their one team under the one-team rule.
    func placed(_ id: Int, in team: Int) -> Bool {
        homes[id].map { $0 == team } ?? true
    }
}

// The roster format's keys, as RosterFormat declares them.
private typealias Person = RosterFormat.PersonKey
private typealias Team = RosterFormat.TeamKey
