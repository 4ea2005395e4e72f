import RosterCore

/// The rules that span entries and files: uniqueness, references, the one-team rule,
/// `policy.ignore` conflicts, and sections that may appear in one file only.
package struct RosterValidator {
    private var diagnostics: [Diagnostic] = []

    /// Merges `files` (in load order) into one roster and checks it. The roster is returned even
    /// when there are errors, so callers can show them all.
    package static func merge(_ files: [RosterFile]) -> (Roster, [Diagnostic]) {
        var validator = RosterValidator()
        var roster = validator.mergeFiles(files)
        let people = validator.checkUnique(kind: "person", roster.people)
        _ = validator.checkUnique(kind: "team", roster.teams)
        let index = PersonIndex(roster.people, names: people)
        // Whether an entry states a day, asked once: most rosters state none.
        let dated = roster.isDated
        roster.teamPeople = validator.checkReferences(roster, index, dated: dated)
        if dated { validator.diagnostics += DatedValidator.check(roster, index) }
        validator.checkIgnore(roster, index)
        if let rules = roster.rules, let people = roster.teamPeople {
            validator.diagnostics += rules.check(roster, people)
        }
        return (roster, validator.diagnostics)
    }

    private mutating func error(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation, first: SourceLocation? = nil,
        note: String = "first defined here"
    ) {
        diagnostics.append(
            .error(
                code, message, at: location, notes: first.map { [DiagnosticNote(location: $0, message: note)] } ?? []))
    }

    /// Whether a section only one file may hold, written at `location`, is the first: a second
    /// one is an error at it with a note at the first.
    private mutating func once(_ section: String, at location: SourceLocation?, first: SourceLocation?) -> Bool {
        guard let location else { return false }
        guard let first else { return true }
        error(.setTwice, "\(section) is set in more than one file", at: location, first: first)
        return false
    }

    private mutating func mergeFiles(_ files: [RosterFile]) -> Roster {
        var roster = Roster()
        var levelSeen: [JobLevel: SourceLocation] = [:]
        for file in files {
            roster.files.append(file.path)
            if let space = file.space, once("space", at: space.location, first: roster.space?.location) {
                roster.space = space
            }
            if let policy = file.policy, once("policy", at: policy.location, first: roster.policy.location) {
                roster.policy = policy
            }
            if let rules = file.rules, once("rules", at: rules.location, first: roster.rules?.location) {
                roster.rules = rules
            }
            if let access = file.access, once("access", at: access.location, first: roster.access?.location) {
                roster.access = access
            }
            // Assigning shares the file's storage; appending would copy every entry.
            if roster.people.isEmpty {
                roster.people = file.people
            } else {
                roster.people.append(contentsOf: file.people)
            }
            if roster.teams.isEmpty { roster.teams = file.teams } else { roster.teams.append(contentsOf: file.teams) }
            roster.newValues += file.newValues
            for level in file.levels {
                if let first = levelSeen[level.level] {
                    error(.setTwice, "level \(level.level.rawValue) is set twice", at: level.location, first: first)
                } else {
                    levelSeen[level.level] = level.location
                    roster.levels.append(level)
                }
            }
        }
        return roster
    }

    /// Names must be unique per kind, former names included; two current names may repeat
    /// only when both entries pin their id. Each conflict is reported at the later of the two
    /// places with a note at the earlier. Returns the first entry of each name key.
    private mutating func checkUnique<Entry: NamedEntry>(
        kind: String, _ entries: [Entry]
    ) -> NameTable {
        var builder = NameTableBuilder(capacity: entries.count)
        for i in entries.indices { builder.insert(key: entries[i].key, id: entries[i].id?.value) }
        reportClashes(kind: kind, entries, builder)
        builder.table.formers = checkFormerNames(kind: kind, entries, first: builder.table.names.first)
        return builder.table
    }

    /// Ids pinned twice, and names that repeat without each entry pinning its id.
    private mutating func reportClashes<Entry: NamedEntry>(
        kind: String, _ entries: [Entry], _ builder: NameTableBuilder
    ) {
        let plural = kind == "person" ? "people" : "teams"
        for (i, j) in builder.idClashes {
            guard let id = entries[Int(i)].id, let earlierID = entries[Int(j)].id else { continue }
            let (later, before) =
                id.location < earlierID.location ? (earlierID.location, id.location) : (id.location, earlierID.location)
            error(.duplicateID, "id \(id.value) is pinned by two \(plural)", at: later, first: before)
        }
        for (i, j) in builder.nameClashes {
            let entry = entries[Int(i)], earlier = entries[Int(j)]
            if entry.isPinned && earlier.isPinned { continue }
            // A namesake not created yet (`hire --namesake`): one person of the name may pin none.
            if kind == "person", let all = builder.table.names.repeats[entry.key],
                all.lazy.filter({ !entries[Int($0)].isPinned }).count <= 1
            {
                let new = entry.isPinned ? earlier : entry
                diagnostics.append(
                    .warning(
                        .namesake,
                        "person \"\(new.name.value)\" pins no id and shares the name of \(all.count - 1) pinned "
                            + "\(all.count == 2 ? "person" : "people"): a namesake the plan creates (a bare "
                            + "\"\(new.name.value)\" in a team means them)", at: new.name.location))
                continue
            }
            let (later, before) = entry.name.location < earlier.name.location ? (earlier, entry) : (entry, earlier)
            let why =
                later.isPinned != before.isPinned ? "; two \(plural) may share a name only when each pins its `id`" : ""
            error(
                .duplicateName,
                "duplicate \(kind) \"\(later.name.value)\"\(why)", at: later.name.location, first: before.name.location)
        }
    }

    /// Former names that are a current name or another former name; returns the entry of each
    /// former name.
    private mutating func checkFormerNames<Entry: NamedEntry>(
        kind: String, _ entries: [Entry], first: [NameKey: Int32]
    ) -> [NameKey: Int32] {
        var formers: [NameKey: (entry: Int, location: SourceLocation)] = [:]
        var formerEntries: [NameKey: Int32] = [:]
        for i in entries.indices where !entries[i].previously.isEmpty {
            let entry = entries[i]
            for former in entry.previously {
                let key = NameKey(former.value)
                let name = "former name \"\(former.value)\" of \(kind) \"\(entry.name.value)\""
                if let j = first[key] {
                    let current = entries[Int(j)]
                    if Int(j) == i {
                        error(
                            .formerName, "\(name) is already its own name", at: former.location,
                            first: current.name.location)
                    } else if former.location < current.name.location {
                        error(
                            .formerName,
                            "\(kind) \"\(current.name.value)\" has a name that is already a former name of \(kind) "
                                + "\"\(entry.name.value)\"", at: current.name.location, first: former.location)
                    } else {
                        error(
                            .formerName,
                            "\(name) is already the name of \(kind) \"\(current.name.value)\"", at: former.location,
                            first: current.name.location)
                    }
                } else if let other = formers[key] {
                    let owner =
                        other.entry == i
                        ? "its own former name" : "a former name of \(kind) \"\(entries[other.entry].name.value)\""
                    error(.formerName, "\(name) is already \(owner)", at: former.location, first: other.location)
                } else {
                    formers[key] = (i, former.location)
                    formerEntries[key] = Int32(i)
                }
            }
        }
        return formerEntries
    }

    /// Leads and members must name people of the roster; with `oneTeamPerPerson`, nobody is in
    /// two teams. Returns the people the references resolved to.
    private mutating func checkReferences(_ roster: Roster, _ index: PersonIndex, dated: Bool) -> TeamPeople {
        let references = ReferenceResolver(roster, index)
        diagnostics += references.diagnostics
        // The team each person was first put in, and where; teams are taken in file order.
        var teamOf = [Int32](repeating: -1, count: roster.people.count)
        var placedAt = [SourceLocation?](
            repeating: nil, count: roster.policy.oneTeamPerPerson ? roster.people.count : 0)
        var inThisTeam: [(person: Int, location: SourceLocation)] = []
        // A dated roster keeps the one-team rule on each of its days (``DatedValidator``).
        for t in roster.teams.indices {
            inThisTeam.removeAll(keepingCapacity: true)
            let team = roster.teams[t]
            for r in -1..<team.members.count {
                let resolved = references.resolved[references.offsets[t] + r + 1]
                guard resolved >= 0 else { continue }
                let person = Int(resolved)
                let reference = r < 0 ? team.lead : team.members[r]
                if let earlier = inThisTeam.first(where: { $0.person == person }) {
                    if r >= 0 && earlier.location != team.lead.location {
                        error(
                            .duplicateMember,
                            "\"\(reference.value.text)\" is listed twice in members of team \"\(team.name.value)\"",
                            at: reference.location,
                            first: earlier.location, note: "first listed here")
                    }
                    continue
                }
                inThisTeam.append((person, reference.location))
                let other = teamOf[person]
                if other < 0 {
                    teamOf[person] = Int32(t)
                    if !placedAt.isEmpty { placedAt[person] = reference.location }
                } else if roster.policy.oneTeamPerPerson, !dated, let firstPlace = placedAt[person] {
                    let otherName = roster.teams[Int(other)].name.value
                    error(
                        .oneTeam,
                        "person \"\(roster.people[person].name.value)\" is already in team \"\(otherName)\"; "
                            + "with oneTeamPerPerson a person belongs to one team",
                        at: reference.location, first: firstPlace, note: "added to team \"\(otherName)\" here")
                }
            }
        }
        return TeamPeople(references)
    }

    /// `policy.ignore` names live entities the tool never touches, so they cannot also be managed.
    private mutating func checkIgnore(_ roster: Roster, _ index: PersonIndex) {
        for ignored in roster.policy.ignorePeople {
            if let person = index.first(NameKey(ignored.value)) {
                error(
                    .policyName,
                    "person \"\(ignored.value)\" is in policy.ignore and also a person of the roster",
                    at: ignored.location,
                    first: roster.people[person].name.location, note: "defined here")
            }
        }
        guard !roster.policy.ignoreTeams.isEmpty else { return }
        var teams: [NameKey: SourceLocation] = [:]
        for t in roster.teams where teams[t.key] == nil { teams[t.key] = t.name.location }
        for ignored in roster.policy.ignoreTeams {
            if let defined = teams[NameKey(ignored.value)] {
                error(
                    .policyName,
                    "team \"\(ignored.value)\" is in policy.ignore and also a team of the roster", at: ignored.location,
                    first: defined, note: "defined here")
            }
        }
    }
}
