import RosterCore
import RosterModel
import RosterReconcile
import RosterYAML

/// `roster pull`: the edits that make the roster files say what the live space says, made in
/// place (``SourceEditor``). Changed values are replaced where they stand; values that come from
/// `defaults`, an anchor or a merge key are written on the entry; live people and teams the
/// roster lacks are appended; entries whose live entity is gone are removed with their lines.
package struct Puller {
    let roster: Roster
    let live: LiveState
    let matching: Matching
    var editors: [String: SourceEditor] = [:]
    /// Each entry's mapping node, by file and position.
    var entries: [String: [Position: NodeID]] = [:]
    /// The `people` and `teams` sequences of each file that has them, in file order.
    var sections: [(file: String, key: String, node: NodeID)] = []
    /// The flow lists whose entries a pull removes or appends, by file: written last, each as one edit.
    var flowEdits: [String: [NodeID: FlowListEdit]] = [:]
    /// The `levels` pairs a pull removes, by file: written last, as one edit of the mapping.
    var removedLevels: [String: (levels: NodeID, key: NodeID, pairs: Set<Int>)] = [:]
    /// The root pair (`levels`) a pull removes from each file, if any.
    var removedRootPair: [String: Int] = [:]
    /// The sections a file lacks and gets, in order: written last, together.
    var newSections: [String: [(key: String, value: NewSection)]] = [:]
    /// The live space as roster entries, by the rules export writes it with; each live user's
    /// roster name is the roster's own spelling where it keeps one.
    var liveEntries: LiveEntries
    /// Live users and teams by id, and the roster person each live user is, for lookups per entry.
    let users: [Int: LiveUser]
    let teams: [Int: LiveTeam]
    let rosterIndex: [Int: Int]
    package private(set) var diagnostics: [Diagnostic] = []
    /// Values of a newer MPS that pull writes into each file: the file must declare them.
    var written: [String: Set<String>] = [:]
    /// What the files cannot hold as the space has it (a level start date that is free text).
    package private(set) var warnings: [Diagnostic] = []

    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// Prepares a pull of `roster`, whose files' texts are `texts`, from `live`.
    package init(roster: Roster, live: LiveState, texts: [String: String]) {
        self.roster = roster
        self.live = live
        matching = Matching(roster: roster, live: live, adopting: true)
        diagnostics = matching.diagnostics
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        var rosterIndex: [Int: Int] = [:]
        for (i, match) in matching.people.enumerated() { if let match { rosterIndex[match.id] = i } }
        self.rosterIndex = rosterIndex
        liveEntries = LiveEntries(live, ignoredUsers: matching.ignoredUsers, ignoredTeams: matching.ignoredTeams)
        for file in roster.files { load(file, texts[file] ?? "") }
    }

    private mutating func load(_ file: String, _ text: String) {
        var loader = YAMLLoader()
        loader.fileDescription = "a roster file"
        guard let document = loader.load(Array(text.utf8), file: file).document, let root = document.root else {
            return
        }
        let editor = SourceEditor(text: text, document: document)
        var found: [Position: NodeID] = [:]
        for i in 0..<document.pairCount(root) {
            let key = document.string(document.key(root, i))
            guard key == Top.people.name || key == Top.teams.name else { continue }
            let section = document.value(root, i)
            sections.append((file, key, section))
            for item in document.items(section) where document.kind(item) == .mapping {
                let l = document.location(item)
                found[Position(line: l.line, column: l.column)] = item
            }
        }
        editors[file] = editor
        entries[file] = found
    }

    /// The files' new texts, for the files that change.
    package mutating func run(into: String? = nil) -> [String: String] {
        guard diagnostics.isEmpty else { return [:] }
        pullPeople()
        appendPeople(into: into)
        pullTeams()
        appendTeams(into: into)
        pullLevels()
        pullAccess()
        pullOneTeamRule()
        writeLevelRemovals()
        declareNewValues()
        writeNewSections()
        for (file, lists) in flowEdits {
            guard var editor = editors[file] else { continue }
            for edit in lists.values { edit.write(in: &editor) }
            editors[file] = editor
        }
        return editors.filter(\.value.hasEdits).mapValues { $0.edited() }
    }

    // MARK: people

    func entry(_ location: SourceLocation) -> (String, NodeID)? {
        let file = location.file
        guard let node = entries[file]?[Position(line: location.line, column: location.column)] else { return nil }
        return (file, node)
    }

    private mutating func pullPeople() {
        for (i, person) in roster.people.enumerated() {
            guard let (file, node) = entry(person.location) else { continue }
            guard let match = matching.people[i], let user = users[match.id] else {
                removeEntry(node, in: file)
                continue
            }
            // Its name now repeats in the space: the entry pins the person it was.
            if matching.picked.people.contains(i) { setField(node, in: file, Person.id.name, .number(user.id)) }
            liveEntries.names[user.id] = user.key == person.key ? person.name.value : LiveEntries.name(user.name)
            for field in PersonField.allCases { pull(field, of: user, into: person, node, in: file) }
        }
    }

    /// Writes one field of a live person the entry says otherwise.
    private mutating func pull(
        _ field: PersonField, of user: LiveUser, into person: PersonEntry, _ node: NodeID, in file: String
    ) {
        switch field {
        case .name:
            if user.key != person.key { setField(node, in: file, Person.name.name, .text(LiveEntries.name(user.name))) }
        case .craft: if user.craft != person.craft { setValue(node, in: file, Person.craft.name, user.craft) }
        case .level: if user.level != person.level { setValue(node, in: file, Person.level.name, user.level) }
        case .focus: if user.focus != person.focus { setValue(node, in: file, Person.focus.name, user.focus) }
        case .levelStartDate:
            let date: String?? =
                switch person.levelStartDate {
                case .unmanaged: nil
                case .clear: .some(nil)
                case .date(let d): .some(d.description)
                }
            if let date, date != user.levelStartDate { pullDate(of: user, node, in: file) }
        }
    }

    /// Writes an enum value; one of a newer MPS is declared in the file's `newValues`.
    private mutating func setValue(_ node: NodeID, in file: String, _ key: String, _ value: some RosterEnum) {
        setField(node, in: file, key, .token(value.rawValue))
        if !value.isKnown { written[file, default: []].insert(value.rawValue) }
    }

    /// Writes a changed live level start date; one that is free text is left out (the roster
    /// then leaves it alone), as export does.
    private mutating func pullDate(of user: LiveUser, _ node: NodeID, in file: String) {
        if let warning = LiveEntries.dateWarning(user) {
            warnings.append(warning)
            removeField(node, in: file, Person.levelStartDate.name)
        } else {
            setField(node, in: file, Person.levelStartDate.name, user.levelStartDate.map(FieldValue.token) ?? .null)
        }
    }

    /// How a team names the live user `id` once the pull is done.
    func reference(_ id: Int) -> String { liveEntries.reference(id) }

    private mutating func appendPeople(into: String?) {
        let new = matching.unclaimedUsers.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        guard !new.isEmpty else { return }
        let lines = new.map { user -> [(String, FieldValue)] in
            let person = liveEntries.person(user)
            var fields: [(String, FieldValue)] = [(Person.name.name, .text(person.name))]
            if let id = person.id { fields.append((Person.id.name, .number(id))) }
            fields += person.valueFields.map { ($0.key.name, .token($1)) }
            if let warning = LiveEntries.dateWarning(user) { warnings.append(warning) }
            return fields
        }
        let file = append(lines, to: Top.people.name, into: into)
        let values = LiveState.newValues(of: new)
        if !values.isEmpty { written[file, default: []].formUnion(values) }
    }

    // MARK: teams

    private mutating func pullTeams() {
        let people = TeamPeople.of(roster)
        for (t, team) in roster.teams.enumerated() {
            guard let (file, node) = entry(team.location) else { continue }
            guard let match = matching.teams[t], let current = teams[match.id] else {
                removeEntry(node, in: file)
                continue
            }
            if matching.picked.teams.contains(t) { setField(node, in: file, Team.id.name, .number(current.id)) }
            if current.key != team.key {
                setField(node, in: file, Team.name.name, .text(LiveEntries.name(current.name)))
            }
            let rosterLead = people.lead(ofTeam: t).flatMap { matching.people[$0]?.id }
            if rosterLead != current.leadID || renamed(current.leadID) || needsPin(team.lead.value) {
                setField(node, in: file, Team.lead.name, .text(reference(current.leadID)))
            }
            // Who the written members are now: nil for one who is gone (or names nobody).
            let written = people.members(ofTeam: t).map { $0 >= 0 ? matching.people[Int($0)]?.id : nil }
            let liveMembers = current.memberSet.subtracting([current.leadID])
            let stale = written.contains(nil) || team.members.contains { needsPin($0.value) }
            if stale || Set(written.compactMap { $0 }).subtracting([current.leadID]) != liveMembers
                || liveMembers.contains(where: renamed)
            {
                setMembers(node, in: file, liveMembers.map(reference).sorted())
            }
        }
    }

    /// Whether a reference written without an id names someone whose name now repeats.
    func needsPin(_ written: PersonReference) -> Bool {
        written.id == nil && liveEntries.repeats(written.key)
    }

    /// Whether the roster's name for live user `id` changes in this pull.
    func renamed(_ id: Int) -> Bool {
        guard let index = rosterIndex[id] else { return false }
        return roster.people[index].name.value != liveEntries.names[id]
    }

    private mutating func appendTeams(into: String?) {
        let new = matching.unclaimedTeams.sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        guard !new.isEmpty else { return }
        append(
            new.map { live in
                let team = liveEntries.team(live)
                return [(Team.name.name, FieldValue.text(team.name))]
                    + (team.id.map { [(Team.id.name, FieldValue.number($0))] } ?? [])
                    + [(Team.lead.name, .text(team.lead)), (Team.members.name, .list(team.members))]
            }, to: Top.teams.name, into: into)
    }

    /// Turns the one-team rule off when the space has someone in two teams, as export does:
    /// the files could not describe the space otherwise.
    private mutating func pullOneTeamRule() {
        guard roster.policy.oneTeamPerPerson,
            LiveEntries.peopleInSeveralTeams(live, ignoredTeams: matching.ignoredTeams)
        else { return }
        warnings.append(LiveEntries.severalTeamsWarning)
        if let file = roster.policy.location?.file, let document = editors[file]?.document, let root = document.root,
            let pair = (0..<document.pairCount(root)).first(where: {
                document.string(document.key(root, $0)) == Top.policy.name
            })
        {
            setField(document.value(root, pair), in: file, Policy.oneTeamPerPerson.name, .bool(false))
            return
        }
        guard let file = roster.files.first else { return }
        let json = Self.isJSON(file)
        newSections[file, default: []].append(
            (Top.policy.name, .flow("{" + Self.pair(Policy.oneTeamPerPerson.name, .bool(false), json: json) + "}")))
    }

    // MARK: access

    /// The members list written as the live space's members (the roster's spelling kept for
    /// those it already lists), when the roster manages access and the members were read.
    private mutating func pullAccess() {
        guard let access = roster.access, let members = live.members, let location = access.location else { return }
        let listed = Set(access.members.map { AccessPolicy.key($0.value) })
        let present = Set(members.map { AccessPolicy.key($0.email) })
        guard listed != present else { return }
        let file = location.file
        guard let document = editors[file]?.document, let root = document.root else { return }
        let kept = access.members.map(\.value).filter { present.contains(AccessPolicy.key($0)) }
        let added = members.map(\.email).filter { !listed.contains(AccessPolicy.key($0)) }.sorted()
        for i in 0..<document.pairCount(root) where document.string(document.key(root, i)) == Top.access.name {
            setMembers(document.value(root, i), in: file, kept + added)
        }
    }

    // MARK: levels

    private mutating func pullLevels() {
        var liveLimits: [JobLevel: Int] = [:]
        for l in live.levels { liveLimits[l.level] = l.limitMonths }
        for level in roster.levels where liveLimits[level.level] != level.limitMonths {
            let file = level.location.file
            guard let document = editors[file]?.document, let root = document.root else { continue }
            for i in 0..<document.pairCount(root) where document.string(document.key(root, i)) == Top.levels.name {
                let levels = document.value(root, i)
                for j in 0..<document.pairCount(levels)
                where document.string(document.key(levels, j)) == level.level.rawValue {
                    if let months = liveLimits[level.level] {
                        setField(document.value(levels, j), in: file, Level.limitMonths.name, .number(months))
                    } else {
                        // The space sets no limit: a level the roster does not list is left alone.
                        removeLevel(j, of: levels, key: document.key(root, i), in: file)
                    }
                }
            }
        }
    }
}

// The roster format's keys, as RosterFormat declares them.
private typealias Top = RosterFormat.TopLevelKey
private typealias Person = RosterFormat.PersonKey
private typealias Team = RosterFormat.TeamKey
private typealias Policy = RosterFormat.PolicyKey
private typealias Level = RosterFormat.LevelKey
