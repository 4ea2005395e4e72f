import RosterCore

/// The live space as roster entries: the one set of rules by which `export` writes a space and
/// `pull` appends and changes entries, so that pull accepts every space export accepts, and what
/// either writes loads and plans clean. MPS stores what its apps let people type:
/// - a name is written as typed when it is a valid roster name, else as its key (white space at
///   its ends or doubled, control characters escaped as the plan shows them: `\u{1B}`), which
///   matches the live name and never changes it;
/// - an `id` is pinned where live names repeat;
/// - a level start date that is not a `YYYY-MM-DD` day is left out, with a warning: the roster
///   then leaves it alone, so the plan is clean; a person without one states it empty
///   (`levelStartDate: null`), so that a date set in the app later is drift the plan shows;
/// - a value this roster does not know (a newer MPS) is written as the server spells it.
package struct LiveEntries {
    /// A live person as a roster entry's fields.
    package struct Person {
        package var name: String
        /// Pinned when another live person shares the name.
        package var id: Int?
        /// The fields after the name and id, as export and pull write them, in the table's order;
        /// nil for a value stated empty (`null`).
        package var valueFields: [(PersonField, String?)]
    }

    /// A live team as a roster entry's fields.
    package struct Team: Equatable {
        package var name: String
        package var id: Int?
        package var lead: String
        /// The members but the lead, sorted.
        package var members: [String]
    }

    let users: [Int: LiveUser]
    /// The server's features it lacks: a field that needs one is written nowhere.
    let lacking: Set<ServerFeature>
    let repeatedPeople: Set<NameKey>
    let repeatedTeams: Set<NameKey>
    /// What each live person is called in the roster, by id: a pull keeps the roster's spelling.
    package var names: [Int: String]
    /// Every person and team pinned by id (`roster export --ids`), not only those whose name repeats.
    package var pinsEveryone = false

    /// The entries of `live`; people and teams `policy.ignore` hides count for no repeats.
    package init(_ live: LiveState, ignoredUsers: Set<Int> = [], ignoredTeams: Set<Int> = []) {
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        lacking = live.lacking
        repeatedPeople = Self.repeated(live.users.filter { !ignoredUsers.contains($0.id) }.map(\.key))
        repeatedTeams = Self.repeated(live.teams.filter { !ignoredTeams.contains($0.id) }.map(\.key))
        names = users.mapValues { Self.name($0.name) }
    }

    private static func repeated(_ keys: [NameKey]) -> Set<NameKey> {
        var seen = Set<NameKey>(), twice = Set<NameKey>()
        for key in keys where !seen.insert(key).inserted { twice.insert(key) }
        return twice
    }

    /// The live people in more than one of the live teams (ignored teams aside), each with their
    /// teams' ids in live order: the server allows it, the one-team rule does not.
    package static func peopleInSeveralTeams(
        _ live: LiveState, ignoredTeams: Set<Int> = []
    ) -> [(person: Int, teams: [Int])] {
        var teamsOf: [Int: [Int]] = [:]
        for team in live.teams where !ignoredTeams.contains(team.id) {
            for id in team.memberSet { teamsOf[id, default: []].append(team.id) }
        }
        return teamsOf.filter { $0.value.count > 1 }.map { ($0.key, $0.value) }.sorted { $0.person < $1.person }
    }

    /// `Chris Khan (Checkout, Payments)`, for each person in several teams, by name.
    package func severalTeams(_ people: [(person: Int, teams: [Int])], _ live: LiveState) -> String {
        let teamNames = Dictionary(live.teams.map { ($0.id, Self.name($0.name)) }) { first, _ in first }
        let listed = people.map { person, teams in
            "\(reference(person)) (\(teams.compactMap { teamNames[$0] }.joined(separator: ", ")))"
        }
        let shown = listed.sorted().prefix(20).joined(separator: ", ")
        return listed.count > 20 ? "\(shown) and \(listed.count - 20) more" : shown
    }

    /// Export's warning: the roster it writes turns the one-team rule off, and who needs it off.
    package func severalTeamsWarning(_ people: [(person: Int, teams: [Int])], _ live: LiveState) -> Diagnostic {
        .warning(
            .severalTeams,
            "\(people.count) \(people.count == 1 ? "person is" : "people are") in more than one team: "
                + "\(severalTeams(people, live)); the roster sets `oneTeamPerPerson: false` to describe the space "
                + "as it is", at: nil)
    }

    /// The live members' emails as a roster writes them, sorted; a member whose email a roster
    /// refuses (a control character, white space, not one `@`) is left out with a warning, so the
    /// files written always load (the member stays unmanaged: `? access` in a plan).
    package static func accessEmails(_ members: [LiveMember]) -> (emails: [String], warnings: [Diagnostic]) {
        var emails: [String] = [], warnings: [Diagnostic] = []
        for member in members {
            if let problem = AccessPolicy.problem(member.email) {
                let who = "\"\(TerminalText.escape(member.email))\" (\(TerminalText.escape(member.name)))"
                warnings.append(.warning(.unwritableEmail, "the space member \(who) \(problem); left out", at: nil))
            } else {
                emails.append(member.email)
            }
        }
        return (emails.sorted(), warnings)
    }

    /// A live name as a roster writes it: as typed when the roster format allows it, else its key.
    package static func name(_ live: String) -> String {
        let valid =
            !live.isEmpty && NameKey.unsafeCharacter(live) == nil && !NameKey.hasEdgeWhitespace(live)
        return valid ? live : NameKey(live).value
    }

    /// A live level start date the roster can hold: a real `YYYY-MM-DD` day; nil for free text.
    static func date(_ live: String?) -> String? {
        guard let live, Day(live) != nil else { return nil }
        return live
    }

    /// The warning for a level start date that is left out, or nil.
    package static func dateWarning(_ user: LiveUser) -> Diagnostic? {
        guard let date = user.levelStartDate, Self.date(date) == nil else { return nil }
        return .warning(
            .freeTextDate,
            "\(TerminalText.escape(name(user.name))) (#\(user.id)) has the level start date \"\(date)\", "
                + "which is not a YYYY-MM-DD date; left out (the roster leaves it alone)", at: nil)
    }

    package func person(_ user: LiveUser) -> Person {
        Person(
            name: names[user.id] ?? Self.name(user.name), id: pinned(user.id) ? user.id : nil,
            valueFields: PersonField.all.filter { $0 != .name }.compactMap { written($0, of: user) })
    }

    /// How an entry writes `field` of `user`, by the field's kind and what its absence means; nil:
    /// left out.
    func written(_ field: PersonField, of user: LiveUser) -> (PersonField, String?)? {
        guard let text = user.text(field) else {
            // None is stated empty where absence leaves the live value alone, so that a value set
            // in the app later is drift the plan shows (a server that lacks the field has none).
            guard field.row.absence == .unmanaged, !(field.row.feature.map(lacking.contains) ?? false) else {
                return nil
            }
            return (field, nil)
        }
        // A date that is not a day is left out (with a warning): the roster then leaves it alone.
        return field.kind == .date ? Self.date(text).map { (field, $0) } : (field, text)
    }

    /// `keeping` says which members it lists (all but those a pull writes in another team).
    package func team(_ team: LiveTeam, keeping: (Int) -> Bool = { _ in true }) -> Team {
        Team(
            name: Self.name(team.name), id: pinsEveryone || repeatedTeams.contains(team.key) ? team.id : nil,
            lead: reference(team.leadID),
            members: team.memberSet.subtracting([team.leadID]).filter(keeping).map(reference).sorted())
    }

    /// Whether live people share the name key `key` (ignored people aside).
    package func repeats(_ key: NameKey) -> Bool { repeatedPeople.contains(key) }

    /// Whether the live person `id` is pinned by id, in their entry and in every team reference:
    /// their name repeats, or reads as a reference itself (`Kai (#3)`).
    func pinned(_ id: Int) -> Bool {
        guard let name = names[id] else { return false }
        return pinsEveryone || repeatedPeople.contains(NameKey(name)) || PersonReference(parsing: name).id != nil
    }

    /// How a team names the live person `id`: the person's roster name, with `(#id)` where live
    /// names repeat.
    package func reference(_ id: Int) -> String {
        guard let name = names[id] else { return "#\(id)" }
        return pinned(id) ? "\(name) (#\(id))" : name
    }
}
