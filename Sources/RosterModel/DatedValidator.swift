import RosterCore

/// The checks of a roster that states days: each entry's days in order, each team change inside
/// its team's days and alone on its day, and on every day the roster changes, the state of that
/// day as valid as an undated roster must be (leads and dated members in the space, nobody in two
/// teams under `oneTeamPerPerson`). Each contradiction is reported once, where it is written.
struct DatedValidator {
    let roster: Roster
    let index: PersonIndex
    private(set) var diagnostics: [Diagnostic] = []
    /// What was reported where: a contradiction holds on many days, and is told once.
    private var reported = Set<Reported>()

    private struct Reported: Hashable {
        var location: SourceLocation
        var code: DiagnosticCode
    }

    /// The contradictions of `roster`'s days (a roster that states some: ``Roster/isDated``).
    static func check(_ roster: Roster, _ index: PersonIndex) -> [Diagnostic] {
        var validator = DatedValidator(roster: roster, index: index)
        validator.checkEntries()
        for day in [Day.distantPast] + roster.changeDays() { validator.check(day) }
        return validator.diagnostics
    }

    private mutating func error(
        _ message: String, at location: SourceLocation, code: DiagnosticCode = .datedConflict,
        note: DiagnosticNote? = nil
    ) {
        guard reported.insert(Reported(location: location, code: code)).inserted else { return }
        diagnostics.append(.error(code, message, at: location, notes: note.map { [$0] } ?? []))
    }

    /// Days of one entry: the last after the first; a team's changes inside its days, one a day.
    private mutating func checkEntries() {
        for person in roster.people {
            let what = "person \"\(person.name.value)\""
            checkOrder(person.presence, what)
            checkDays(person.changes.map(\.on), person.presence, what, whose: "their")
        }
        for team in roster.teams {
            let what = "team \"\(team.name.value)\""
            checkOrder(team.presence, what)
            checkDays(team.changes.map(\.on), team.presence, what, whose: "its")
            for change in team.changes {
                for reference in [change.lead].compactMap({ $0 }) + (change.members ?? []) {
                    checkKnown(reference, what, change.on.value)
                }
            }
        }
    }

    /// An entry's changes (`days`, as written): one a day, each inside the entry's days.
    private mutating func checkDays(_ days: [Located<Day>], _ presence: Presence, _ what: String, whose: String) {
        var seen: [Day: SourceLocation] = [:]
        for on in days {
            let day = on.value
            if let first = seen.updateValue(on.location, forKey: day) {
                error(
                    "\(what) changes twice on \(day); write one change a day", at: on.location,
                    note: DiagnosticNote(location: first, message: "first change on \(day) here"))
            } else if presence.status(on: day) != .present {
                error("\(what) changes on \(day), \(Self.away(presence, on: day, whose: whose))", at: on.location)
            }
        }
    }

    private mutating func checkOrder(_ presence: Presence, _ what: String) {
        guard let starts = presence.starts, let last = presence.lastDay, last.value < starts.value else { return }
        error("\(what) has lastDay \(last.value) before starts \(starts.value)", at: last.location)
    }

    /// How an entry is away on `day`: "before its first day, …" or "after its last day, …"
    /// (`whose`: "their" for a person).
    static func away(_ presence: Presence, on day: Day, whose: String = "its") -> String {
        switch presence.status(on: day) {
        case .pending: "before \(whose) first day, \(presence.starts?.value.description ?? "")"
        case .gone: "after \(whose) last day, \(presence.lastDay?.value.description ?? "")"
        case .present: "while \(whose == "its" ? "it is" : "they are") in the space"
        }
    }

    /// The roster as it stands on `day`: every present team's lead in the space, members a change
    /// of that day names in the space, nobody in two teams under the one-team rule.
    private mutating func check(_ day: Day) {
        let state = roster.on(day)
        let when = day == .distantPast ? "before any date" : "on \(day)"
        var teamOf: [Int: (team: String, at: SourceLocation)] = [:]
        // The teams the day before, as written: resolved once a day, when a change of the day needs it.
        var eve: Roster?
        for (t, team) in state.teams.enumerated() where team.presence.status(on: day) == .present {
            if let lead = person(team.lead), roster.people[lead].presence.status(on: day) != .present {
                let away = Self.away(roster.people[lead].presence, on: day, whose: "their")
                error(
                    "team \"\(team.name.value)\" is led by \"\(roster.people[lead].name.value)\" \(when), \(away)",
                    at: team.lead.location)
            }
            for change in roster.teams[t].changes where change.on.value == day {
                if eve == nil { eve = roster.on(day.adding(days: -1), keepingAway: true) }
                let before = eve?.teams[t].members.compactMap(person) ?? []
                for member in change.members ?? [] { checkDatedMember(member, team.name.value, day, before: before) }
            }
            if roster.policy.oneTeamPerPerson { checkOneTeam(team, when, &teamOf) }
        }
    }

    /// Nobody in `team` is in another team the same day (`teamOf`: where each was first placed).
    private mutating func checkOneTeam(
        _ team: TeamEntry, _ when: String, _ teamOf: inout [Int: (team: String, at: SourceLocation)]
    ) {
        for reference in [team.lead] + team.members {
            guard let p = person(reference) else { continue }
            if let other = teamOf[p], other.team != team.name.value {
                error(
                    "person \"\(roster.people[p].name.value)\" is in team \"\(other.team)\" and team "
                        + "\"\(team.name.value)\" \(when); with oneTeamPerPerson a person belongs to one team",
                    at: reference.location, code: .oneTeam,
                    note: DiagnosticNote(location: other.at, message: "in the other here"))
            } else if teamOf[p] == nil {
                teamOf[p] = (team.name.value, reference.location)
            }
        }
    }

    /// A member a change names for `day` must be in the space that day: one who has left may not
    /// be named, and one still to start only where the team already names them (they join on
    /// their first day), never moved in before it.
    private mutating func checkDatedMember(
        _ member: Located<PersonReference>, _ team: String, _ day: Day, before: [Int]
    ) {
        guard let p = person(member) else { return }
        let status = roster.people[p].presence.status(on: day)
        guard status == .gone || (status == .pending && !before.contains(p)) else { return }
        error(
            "\"\(roster.people[p].name.value)\" joins team \"\(team)\" on \(day), "
                + Self.away(roster.people[p].presence, on: day, whose: "their"),
            at: member.location)
    }

    /// A person a change names must be a person of the roster, named as a team's own people are.
    private mutating func checkKnown(_ reference: Located<PersonReference>, _ team: String, _ day: Day) {
        switch index.resolve(reference.value) {
        case .found: return
        case .ambiguous:
            diagnostics.append(
                .error(
                    .ambiguousReference,
                    "\"\(reference.value.name)\" in the change of \(team) on \(day) is ambiguous: people share "
                        + "that name; write \"Name (#id)\"", at: reference.location))
        case .former(let p):
            diagnostics.append(
                .error(
                    .formerName,
                    "unknown person \"\(reference.value.text)\" in the change of \(team) on \(day); "
                        + "\"\(roster.people[p].name.value)\" was called that", at: reference.location))
        case .notFound:
            diagnostics.append(
                .error(
                    .unknownPerson, "unknown person \"\(reference.value.text)\" in the change of \(team) on \(day)",
                    at: reference.location))
        }
    }

    private func person(_ reference: Located<PersonReference>) -> Int? {
        if case .found(let p) = index.resolve(reference.value) { p } else { nil }
    }
}
