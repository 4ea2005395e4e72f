import RosterCore
import RosterModel
import RosterReconcile

/// Pull across days, by the one rule (``Timelines``): a field whose live value the roster gave it
/// earlier is due, not applied yet, and kept as the files say; one the apps changed the roster does
/// not date is drift, adopted; one the apps changed where the roster dates a change is a conflict,
/// told in names (`--take space` adopts the apps' value until the roster's next dated change of it,
/// `--take files` keeps the files).
extension PullDecisions {
    /// What pull does with a live person's team.
    enum Verdict: Equatable {
        /// The files stay as they say: the change is due, scheduled, or a conflict not taken.
        case keep
        /// The space's team is written, until the roster's next dated change of it (nil: none).
        case adopt(until: Day?)
    }

    /// Each live person's verdict on their team, and the conflicts the rule finds, for a dated roster.
    mutating func decideTeams() {
        guard let timelines else { return }
        var slotsOf: [Int: Set<Timelines.Slot>] = [:]
        var rosterTeam: [Int: Int] = [:]
        for (t, match) in matching.teams.enumerated() { if let match { rosterTeam[match.id] = t } }
        for team in live.teams where !matching.ignoredTeams.contains(team.id) {
            for id in team.memberSet {
                slotsOf[id, default: []].insert(rosterTeam[team.id].map { .team($0) } ?? .unmanaged(team.id))
            }
        }
        for (p, person) in roster.people.enumerated() where person.presence.status(on: asOf) == .present {
            guard let id = matching.people[p]?.id else { continue }
            let slots = slotsOf[id] ?? []
            switch timelines.team(ofPerson: p, live: slots) {
            case .current: break
            case .ahead: verdicts[id] = .keep
            case .due:
                let teams = timelines.teams(ofPerson: p).map { roster.teams[$0].name.value }
                let day = timelines.teamChangeDays(ofPerson: p).last { $0 <= timelines.asOf }
                kept.append(
                    "person \"\(roster.people[p].name.value)\" team \(Self.teamWords(teams))"
                        + (day.map { " from \($0)" } ?? "") + ": not applied yet")
                verdicts[id] = .keep
            case .drift: verdicts[id] = .adopt(until: nil)
            case .conflict:
                let conflict = teamConflict(p, slots, timelines)
                switch resolution(conflict) {
                case .space?:
                    verdicts[id] = .adopt(until: timelines.teamChangeDays(ofPerson: p).first { $0 > timelines.asOf })
                case .files?:
                    kept.append("\(conflict.entity) team (the files' taken)")
                    verdicts[id] = .keep
                case nil:
                    conflicts.append(conflict)
                    verdicts[id] = .keep
                }
            }
        }
    }

    /// `person "Leo Santos" team: base Frontend Platform, files Backend Services (from 2027-01-01), space Payments`.
    func teamConflict(_ p: Int, _ slots: Set<Timelines.Slot>, _ timelines: Timelines) -> ThreeWayPull.Conflict {
        let names = slots.map { slot -> String in
            switch slot {
            case .team(let t): roster.teams[t].name.value
            case .unmanaged(let id): teams[id].map { LiveEntries.name($0.name) } ?? "#\(id)"
            }
        }
        let days = timelines.teamChangeDays(ofPerson: p)
        let now = timelines.teams(ofPerson: p).map { roster.teams[$0].name.value }
        return ThreeWayPull.Conflict(
            kind: .person, name: roster.people[p].name.value, field: "team",
            base: Self.teamWords(timelines.teams(ofPerson: p, before: days.first).map { roster.teams[$0].name.value }),
            files: Self.teamWords(now)
                + (days.isEmpty ? "" : " (dated " + days.map(\.description).joined(separator: ", ") + ")"),
            space: Self.teamWords(names))
    }

    static func teamWords(_ names: [String]) -> String {
        names.isEmpty ? "no team" : names.sorted().joined(separator: ", ")
    }

    /// The side `--take` gives `conflict`, if any names it.
    mutating func resolution(_ conflict: ThreeWayPull.Conflict) -> PullTake.Side? {
        guard let i = take.firstIndex(where: { $0.applies(to: conflict) }) else { return nil }
        usedTakes.insert(i)
        return take[i].side
    }

    /// What pull does with person `p`'s level and its date: keep the files' where the roster's
    /// change is due, scheduled, or meets one the apps made; else the space's (when it differs).
    mutating func levelVerdict(_ p: Int, _ user: LiveUser) -> Verdict {
        guard let timelines else { return .adopt(until: nil) }
        let person = roster.people[p]
        switch timelines.level(ofPerson: p, level: user.level, date: user.levelStartDate) {
        case .current, .drift: return .adopt(until: nil)
        case .ahead: return .keep
        case .due:
            let today = timelines.current.people[p]
            kept.append(
                "person \"\(person.name.value)\" level \(today.level.rawValue)"
                    + (today.levelStartDate.value.map { " from \($0)" } ?? "") + ": not applied yet")
            return .keep
        case .conflict:
            let days = person.changes.map(\.on.value) + [person.levelStartDate.value].compactMap { $0 }
            let conflict = ThreeWayPull.Conflict(
                kind: .person, name: person.name.value, field: "level", base: person.level.rawValue,
                files: timelines.current.people[p].level.rawValue + " (dated "
                    + days.map(\.description).joined(separator: ", ") + ")",
                space: user.level.rawValue + (user.levelStartDate.map { " since \($0)" } ?? ""))
            switch resolution(conflict) {
            case .space?: return .adopt(until: nil)
            case .files?:
                kept.append("\(conflict.entity) level (the files' taken)")
                return .keep
            case nil:
                conflicts.append(conflict)
                return .keep
            }
        }
    }

    /// A person's level changes whose day has come fold into their level and its date, once the
    /// space shows them (or pull adopts the space's): the entry says the day's level; later
    /// changes stay.
    mutating func foldLevels(of person: PersonEntry, today: PersonEntry, _ user: LiveUser) {
        let past = person.changes.filter { change in asOf.map { change.on.value <= $0 } ?? true }
        guard !past.isEmpty else { return }
        let later = person.changes.filter { change in asOf.map { change.on.value > $0 } ?? false }
        decisions.append(
            .personChanges(entry: person.location, later.sorted { $0.on.value < $1.on.value }.map(\.written)))
        // What the space has now is written by the fields' own pull; what it already agreed with is
        // written here.
        if user.level == today.level {
            set(person.location, RosterFormat.PersonKey.level.name, .token(today.level.rawValue))
            if let day = today.levelStartDate.value, user.levelStartDate == day.description {
                set(person.location, RosterFormat.PersonKey.levelStartDate.name, .token(day.description))
            }
        }
    }

    /// Whether live person `id` is written where the files say (``Verdict/keep``).
    func keeps(_ id: Int) -> Bool { verdicts[id] == .keep }
}
