import RosterCore
import RosterFiles
import RosterModel

/// Hires, changes of a person's fields, levels' limits and departures.
extension RosterEditor {
    mutating func addPerson(_ new: NewPerson) throws(EditRefusal) {
        let t = try new.team.map { name throws(EditRefusal) in try team(name) }
        if new.namesake {
            // Every namesake there is pins an id: the teams name them so, and the bare name is the new one.
            for p in try namesakes(of: new.name) {
                if let id = roster.people[p].id?.value {
                    pinReferences(p, as: "\(roster.people[p].name.value) (#\(id))")
                }
            }
        } else if let existing = exactly(new.name, among: roster.people.map(\.key)) {
            try unchangedHire(new, existing, team: t)
            return
        }
        var new = new
        // A roster whose rules ask every person for a start date gets today's, as the help says.
        if new.fields[.levelStartDate] == nil && roster.rules?.requireLevelStartDate?.value == true {
            new.fields[.levelStartDate] = .some(today.description)
        }
        let file = newEntryFile(for: RosterFormat.TopLevelKey.people.name, into: new.into)
        let given = editors[file]?.defaults() ?? [:]
        // What the entry must state, the file's defaults aside.
        for field in PersonField.all where field != .name && field.row.absence == .required {
            let key = field.key
            guard new.fields[field] == nil && given[key.name] == nil else { continue }
            throw EditRefusal(
                .editMissingValue,
                "\(new.name): --\(key.name) is needed (the file's defaults give no \(key.name); "
                    + "`defaults: {\(key.name): …}` in \(file) would give every new person one)",
                at: .file(file))
        }
        let entry = NewEntry(fields(of: new))
        editors[file]?.append([entry], to: RosterFormat.TopLevelKey.people.name)
        var line =
            "\(new.name): added to \(file)" + (new.namesake ? " (a namesake; pull pins their id once applied)" : "")
        if let t {
            var joined = state(t)
            let added = TeamState.Reference(text: new.name, person: nil)
            if new.role == .lead { joined.setLead(added) } else { joined.list(added) }
            teams[t] = joined
            line += ", \(new.role == .lead ? "leading" : "in") \(roster.teams[t].name.value)"
        }
        summary.append(line)
    }

    /// The new person's fields in the order the format writes them; `append` leaves out what the
    /// file's defaults give.
    func fields(of new: NewPerson) -> [(String, WrittenValue)] {
        [(RosterFormat.PersonKey.name.name, .text(new.name))]
            + PersonField.all.compactMap { field in
                new.fields[field].map { (field.key.name, WrittenValue(field.kind, $0)) }
            } + (on.map { [(RosterFormat.PersonKey.starts.name, .token($0.description))] } ?? [])
    }

    /// A namesake may be hired when every person of the name pins their id: a team then names
    /// each of them as `Name (#id)`, and the bare name is the new person (pull pins them after the
    /// apply).
    func namesakes(of name: String) throws(EditRefusal) -> [Int] {
        let key = NameKey(name)
        let same = roster.people.indices.filter { roster.people[$0].key == key }
        guard !same.isEmpty else {
            throw EditRefusal(
                .editUnknownName, "--namesake: nobody in the roster is called \"\(name)\"; hire them without it",
                at: nil)
        }
        if let unpinned = same.first(where: { roster.people[$0].id == nil }) {
            let person = roster.people[unpinned]
            throw EditRefusal(
                .editAmbiguous,
                "\(person.name.value) pins no id, so a namesake could not be told apart: pin them first with "
                    + "`roster set person \"\(person.name.value)\" --id N` (`roster export --ids` shows every "
                    + "person's id)",
                at: person.location)
        }
        return same
    }

    /// Writes every team's reference to person `p` as `text`.
    mutating func pinReferences(_ p: Int, as text: String, pinnedOnly: Bool = false) {
        for t in teams(of: p) {
            var team = state(t)
            team.rewrite(p, as: text, pinnedOnly: pinnedOnly)
            teams[t] = team
        }
    }

    /// A hire of someone the roster has: nothing to change when it says what was asked, else refused.
    mutating func unchangedHire(_ new: NewPerson, _ p: Int, team t: Int?) throws(EditRefusal) {
        let person = roster.people[p]
        var same = PersonField.all.allSatisfy { field in
            new.fields[field].map { Self.stated(person, field, $0) } ?? true
        }
        if let t {
            let team = state(t)
            same = same && (new.role == .lead ? team.lead.person == p : team.has(p))
        }
        guard same else {
            throw EditRefusal(
                .editExists,
                "\(person.name.value) is already in the roster; change them with `roster set person` or `roster move` "
                    + "(a second person of the name: --namesake)",
                at: person.location)
        }
        nothingToChange("\(person.name.value) is already in the roster as given")
    }

    mutating func setPerson(_ name: String, _ changes: PersonChanges) throws(EditRefusal) {
        let p = try person(name)
        let person = roster.people[p]
        var given = changes.fields
        if given[.levelStartDate] == nil, let today = startDate(changes, person) {
            given[.levelStartDate] = .some(today)
        }
        var set: [(String, WrittenValue)] = []
        var words: [String] = []
        // The id is pinned before the dates are set, as the words tell it.
        for field in PersonField.all where field.kind != .date {
            change(field, given[field], of: person, &set, &words)
        }
        if let id = changes.id, id != person.id?.value {
            set.append((RosterFormat.PersonKey.id.name, .number(id)))
            words.append("id \(person.id.map { "#\($0.value)" } ?? "not pinned") → #\(id)")
            // Teams name a person who shares a name (or was named by id) by the id pinned now.
            let shared = roster.people.indices.contains { $0 != p && roster.people[$0].key == person.key }
            pinReferences(p, as: "\(person.name.value) (#\(id))", pinnedOnly: !shared)
        }
        for field in PersonField.all where field.kind == .date {
            change(field, given[field], of: person, &set, &words)
        }
        guard !set.isEmpty else {
            nothingToChange("\(person.name.value) already has these values")
            return
        }
        edit(person.location) { editor, node in
            for (key, value) in set { editor.setField(node, key, value) }
        }
        summary.append("\(person.name.value): " + words.joined(separator: ", ") + scheduled(given[.levelStartDate]))
    }

    /// `; takes effect on 2027-01-01 (…)` for a level start date after today, which plans schedule.
    func scheduled(_ date: String??) -> String {
        guard case .some(.some(let text)) = date, let day = Day(text), day > today else { return "" }
        return "; takes effect on \(day) (plans schedule it until then)"
    }

    /// Sets `field` of `person` to `value` (nil: none) where the entry states otherwise.
    private func change(
        _ field: PersonField, _ value: String??, of person: PersonEntry, _ set: inout [(String, WrittenValue)],
        _ words: inout [String]
    ) {
        guard field != .name, let value, !Self.stated(person, field, value) else { return }
        set.append((field.key.name, WrittenValue(field.kind, value)))
        let before = Self.words(person.stated(field))
        words.append("\(field.row.label) \(before) → \(value ?? "none")")
    }

    /// Whether the entry already states `value` (nil: none) for `field`.
    static func stated(_ person: PersonEntry, _ field: PersonField, _ value: String?) -> Bool {
        person.stated(field) == (value.map(Stated.value) ?? .clear)
    }

    /// The start date a change sets where none is given: with a new level, today when the entry
    /// states dates (or the rules ask for them), so that a promotion carries its date.
    func startDate(_ changes: PersonChanges, _ person: PersonEntry) -> String? {
        guard let level = changes.fields[.level].flatMap({ $0 }), level != person.level.rawValue else { return nil }
        let states = person.levelStartDate != .unmanaged || roster.rules?.requireLevelStartDate?.value == true
        return states ? today.description : nil
    }

    static func written(_ date: LevelStartDate) -> WrittenValue {
        switch date {
        case .value(let day): return .token(day.description)
        case .clear, .unmanaged: return .null
        }
    }

    static func words(_ stated: Stated<String>) -> String {
        switch stated {
        case .value(let text): return text
        case .clear: return "none"
        case .unmanaged: return "not stated"
        }
    }

    mutating func setLevel(_ level: JobLevel, _ months: Int) {
        if let entry = roster.levels.first(where: { $0.level == level }) {
            guard entry.limitMonths != months else {
                nothingToChange("\(level.rawValue) already has a limit of \(months) months")
                return
            }
            editors[entry.location.file]?.setLevel(level.rawValue, limitMonths: months)
            summary.append("level \(level.rawValue): limit \(entry.limitMonths) → \(months) months")
            return
        }
        let file =
            roster.levels.first?.location.file ?? roster.policy.location?.file ?? roster.space?.location.file
            ?? roster.files.first ?? ""
        editors[file]?.addLevel(level.rawValue, limitMonths: months)
        summary.append("level \(level.rawValue): limit of \(months) months, added to \(file)")
    }

    mutating func removePerson(_ name: String, successor: String?) throws(EditRefusal) {
        let (found, near) = try findPerson(name)
        guard let p = found else {
            nothingToChange("no person \"\(name)\" in the roster" + (near.map { " (the nearest is \"\($0)\")" } ?? ""))
            return
        }
        let next = try successor.map { name throws(EditRefusal) in try person(name) }
        var needed = false
        for t in teams(of: p) { needed = try take(p, outOf: t, successor: next) || needed }
        if next != nil && !needed {
            throw EditRefusal(
                .editNeedsSuccessor, "--successor: \(roster.people[p].name.value) leads no team",
                at: roster.people[p].location)
        }
        edit(roster.people[p].location) { $0.removeEntry($1) }
        summary.append(
            "\(roster.people[p].name.value): removed from the roster and every team "
                + "(the plan deletes them only with prune)")
    }
}
