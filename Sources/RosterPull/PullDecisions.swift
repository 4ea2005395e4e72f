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
    var diagnostics: [Diagnostic] = []
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
    /// The roster's timelines, when it dates anything (``Timelines``): the one rule of days.
    let timelines: Timelines?
    /// The roster on the pull's day, everyone its teams name kept (a hire to come too), its teams'
    /// people, and its people by reference: resolved once.
    let day: Roster
    let dayPeople: TeamPeople
    let index: PersonIndex
    /// Each live person's verdict on their team (``Verdict``), for a dated roster.
    var verdicts: [Int: Verdict] = [:]
    /// Where a change made in the apps meets one the roster dates, not resolved by `--take`.
    var conflicts: [ThreeWayPull.Conflict] = []
    /// Changes whose day has come that the space does not show yet: kept, said a line each.
    var kept: [String] = []
    /// The roster people whose entries pull removes (the space has them no more): every team list
    /// that names them, dated ones too, loses them.
    var removedPeople = Set<Int>()
    /// `--take`, and which of them resolved something.
    let take: [PullTake]
    var usedTakes = Set<Int>()

    /// The decisions of a pull of `roster` from `live`; what the roster dates after `asOf` is
    /// scheduled, not drift, and stays.
    init(roster: Roster, live: LiveState, asOf: Day?, take: [PullTake]) {
        self.roster = roster
        self.live = live
        self.asOf = asOf
        self.take = take
        timelines = roster.isDated ? Timelines(roster, asOf: asOf ?? .today) : nil
        day = roster.on(asOf, keepingAway: true)
        dayPeople = TeamPeople.of(day)
        index = PersonIndex(roster.people)
        matching = Matching(roster: roster, live: live, adopting: true, asOf: asOf)
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
        decideTeams()
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
                if timelines?.presence(ofPerson: i, exists: false) == .due {
                    kept.append(
                        "person \"\(person.name.value)\" starts \(person.presence.starts?.value.description ?? ""): "
                            + "not created yet")
                } else if isNamesakeHire(person) {
                    kept.append("person \"\(person.name.value)\", a namesake hired in the files: not created yet")
                } else {
                    decisions.append(.removeEntry(at))
                    removedPeople.insert(i)
                }
                continue
            }
            if person.presence.starts != nil { decisions.append(.fold(entry: at, key: Person.starts.name)) }
            // Its name now repeats in the space (a namesake hired, or created in the app): the
            // entry pins the person it is.
            if matching.picked.people.contains(i) || (person.id == nil && entries.repeats(person.key)) {
                set(at, Person.id.name, .number(user.id))
            }
            entries.names[user.id] = user.key == person.key ? person.name.value : LiveEntries.name(user.name)
            let today = timelines?.current.people[i] ?? person
            let level = levelVerdict(i, user)
            for field in PersonField.all where !isScheduled(field, of: person) {
                if (field == .level || field == .levelStartDate) && level == .keep { continue }
                pull(field, of: user, into: today)
            }
            if level != .keep { foldLevels(of: person, today: today, user) }
        }
    }

    /// Whether `person`, whom no live person matches, is a namesake hired in the files (`hire
    /// --namesake`): they pin no id, and someone of their name does. A person the apps deleted was
    /// pinned by the pull that saw their name repeat, so an unpinned namesake is one to create.
    private func isNamesakeHire(_ person: PersonEntry) -> Bool {
        person.id == nil && roster.people.contains { $0.id != nil && $0.key == person.key }
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

    mutating func set(_ entry: SourceLocation, _ key: String, _ value: WrittenValue) {
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
