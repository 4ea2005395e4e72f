import RosterDiagnostics

/// The rules that span entries and files: uniqueness, references, the one-team rule,
/// `policy.ignore` conflicts, and sections that may appear in one file only.
public struct RosterValidator {
    private var diagnostics: [Diagnostic] = []
    /// Suggestions scan every name; past this many unknown references they are left out so a
    /// badly broken roster still validates quickly.
    private var suggestionsLeft = 100

    /// A person reference resolved to an index into `Roster.people`.
    public typealias Resolution = [SourceLocation: Int]

    /// Merges `files` (in load order) into one roster and checks it. The roster is returned even
    /// when there are errors, so callers can show them all.
    public static func merge(_ files: [RosterFile]) -> (Roster, [Diagnostic]) {
        var validator = RosterValidator()
        let roster = validator.mergeFiles(files)
        validator.checkPeople(roster)
        validator.checkTeams(roster)
        validator.checkReferences(roster)
        validator.checkIgnore(roster)
        return (roster, validator.diagnostics)
    }

    private mutating func error(_ message: String, at location: SourceLocation, first: SourceLocation? = nil, note: String = "first defined here") {
        diagnostics.append(.error(message, at: location, notes: first.map { [DiagnosticNote(location: $0, message: note)] } ?? []))
    }

    private mutating func mergeFiles(_ files: [RosterFile]) -> Roster {
        var roster = Roster()
        var levelSeen: [JobLevel: SourceLocation] = [:]
        for file in files {
            roster.files.append(file.path)
            if let space = file.space {
                if let first = roster.space {
                    error("space is set in more than one file", at: space.location, first: first.location)
                } else {
                    roster.space = space
                }
            }
            if let policy = file.policy, let location = policy.location {
                if let first = roster.policy.location {
                    error("policy is set in more than one file", at: location, first: first)
                } else {
                    roster.policy = policy
                }
            }
            roster.people.append(contentsOf: file.people)
            roster.teams.append(contentsOf: file.teams)
            for level in file.levels {
                if let first = levelSeen[level.level] {
                    error("level \(level.level.rawValue) is set twice", at: level.location, first: first)
                } else {
                    levelSeen[level.level] = level.location
                    roster.levels.append(level)
                }
            }
        }
        return roster
    }

    /// A name (or former name) an entry lays claim to.
    private struct Claim {
        var key: NameKey
        var text: String
        var location: SourceLocation
        var entry: Int
        var pinned: Bool
        var isFormer: Bool
    }

    /// Names and former names must be unique per kind; two current names may repeat only when
    /// both entries pin their id.
    private mutating func checkUnique(kind: String, claims unsorted: [Claim], names: [String]) {
        let claims = unsorted.sorted { $0.location < $1.location }
        var first: [NameKey: Claim] = [:]
        for claim in claims {
            guard let earlier = first[claim.key] else {
                first[claim.key] = claim
                continue
            }
            if !claim.isFormer && !earlier.isFormer && claim.pinned && earlier.pinned && claim.entry != earlier.entry {
                continue
            }
            if claim.isFormer || earlier.isFormer {
                let whose = "\(kind) \"\(names[claim.entry])\""
                let other = earlier.entry == claim.entry ? "its own name"
                    : earlier.isFormer ? "a former name of \(kind) \"\(names[earlier.entry])\"" : "the name of \(kind) \"\(names[earlier.entry])\""
                if claim.isFormer {
                    error("former name \"\(claim.text)\" of \(whose) is already \(other)", at: claim.location, first: earlier.location)
                } else {
                    error("\(kind) \"\(claim.text)\" has a name that is already \(other)", at: claim.location, first: earlier.location)
                }
            } else if claim.pinned != earlier.pinned {
                error("duplicate \(kind) \"\(claim.text)\"; two \(kind == "person" ? "people" : "teams") may share a name only when each pins its `id`",
                      at: claim.location, first: earlier.location)
            } else {
                error("duplicate \(kind) \"\(claim.text)\"", at: claim.location, first: earlier.location)
            }
        }
    }

    private mutating func checkPinnedIDs(kind: String, ids: [Located<Int>]) {
        var seen: [Int: SourceLocation] = [:]
        for id in ids.sorted(by: { $0.location < $1.location }) {
            if let first = seen[id.value] {
                error("id \(id.value) is pinned by two \(kind == "person" ? "people" : "teams")", at: id.location, first: first)
            } else {
                seen[id.value] = id.location
            }
        }
    }

    private mutating func checkPeople(_ roster: Roster) {
        var claims: [Claim] = []
        claims.reserveCapacity(roster.people.count)
        for (i, p) in roster.people.enumerated() {
            claims.append(Claim(key: p.key, text: p.name.value, location: p.name.location, entry: i, pinned: p.id != nil, isFormer: false))
            for former in p.previously {
                claims.append(Claim(key: NameKey(former.value), text: former.value, location: former.location, entry: i, pinned: false, isFormer: true))
            }
        }
        checkUnique(kind: "person", claims: claims, names: roster.people.map(\.name.value))
        checkPinnedIDs(kind: "person", ids: roster.people.compactMap(\.id))
    }

    private mutating func checkTeams(_ roster: Roster) {
        var claims: [Claim] = []
        for (i, t) in roster.teams.enumerated() {
            claims.append(Claim(key: t.key, text: t.name.value, location: t.name.location, entry: i, pinned: t.id != nil, isFormer: false))
            for former in t.previously {
                claims.append(Claim(key: NameKey(former.value), text: former.value, location: former.location, entry: i, pinned: false, isFormer: true))
            }
        }
        checkUnique(kind: "team", claims: claims, names: roster.teams.map(\.name.value))
        checkPinnedIDs(kind: "team", ids: roster.teams.compactMap(\.id))
    }

    /// Leads and members must name people of the roster; with `oneTeamPerPerson`, nobody is in
    /// two teams.
    private mutating func checkReferences(_ roster: Roster) {
        let index = PersonIndex(roster.people)
        var teamOf: [Int: (team: String, location: SourceLocation)] = [:]
        let teamOrder = roster.teams.indices.sorted { roster.teams[$0].location < roster.teams[$1].location }
        for t in teamOrder {
            let team = roster.teams[t]
            var inThisTeam: [Int: SourceLocation] = [:]
            var references = [(team.lead, "as lead of")]
            references += team.members.map { ($0, "in members of") }
            for (reference, role) in references {
                guard let person = resolve(reference, role: role, team: team.name.value, index: index, roster: roster) else { continue }
                if let earlier = inThisTeam[person] {
                    if role == "in members of" && earlier != team.lead.location {
                        error("\"\(reference.value.text)\" is listed twice in members of team \"\(team.name.value)\"", at: reference.location,
                              first: earlier, note: "first listed here")
                    }
                    continue
                }
                inThisTeam[person] = reference.location
                if roster.policy.oneTeamPerPerson, let other = teamOf[person] {
                    error("person \"\(roster.people[person].name.value)\" is already in team \"\(other.team)\"; with oneTeamPerPerson a person belongs to one team",
                          at: reference.location, first: other.location, note: "added to team \"\(other.team)\" here")
                } else if teamOf[person] == nil {
                    teamOf[person] = (team.name.value, reference.location)
                }
            }
        }
    }

    private mutating func resolve(_ reference: Located<PersonReference>, role: String, team: String, index: PersonIndex, roster: Roster) -> Int? {
        switch index.resolve(reference.value) {
        case .found(let person):
            return person
        case .ambiguous(let candidates) where candidates.contains(where: { roster.people[$0].id == nil }):
            // The names repeat without pins: that is already a "duplicate person" error.
            return candidates[0]
        case .ambiguous(let candidates):
            let ids = candidates.compactMap { roster.people[$0].id?.value }
            let spelled = ids.map { "\"\(reference.value.name) (#\($0))\"" }.joined(separator: " or ")
            diagnostics.append(.error("\"\(reference.value.name)\" \(role) team \"\(team)\" is ambiguous: people #\(ids.map(String.init).joined(separator: ", #")) share that name; write \(spelled)",
                                      at: reference.location,
                                      notes: candidates.map { DiagnosticNote(location: roster.people[$0].name.location, message: "candidate defined here") }))
        case .former(let person):
            diagnostics.append(.error("unknown person \"\(reference.value.text)\" \(role) team \"\(team)\"; \"\(reference.value.name)\" is a former name of \"\(roster.people[person].name.value)\"",
                                      at: reference.location,
                                      notes: [DiagnosticNote(location: roster.people[person].name.location, message: "\"\(roster.people[person].name.value)\" defined here")]))
        case .notFound:
            var message = "unknown person \"\(reference.value.text)\" \(role) team \"\(team)\""
            if suggestionsLeft > 0, let suggestion = index.suggestion(for: reference.value) { message += "; did you mean \"\(suggestion)\"?" }
            suggestionsLeft -= 1
            diagnostics.append(.error(message, at: reference.location))
        }
        return nil
    }

    /// `policy.ignore` names live entities the tool never touches, so they cannot also be managed.
    private mutating func checkIgnore(_ roster: Roster) {
        var people: [NameKey: SourceLocation] = [:]
        for p in roster.people where people[p.key] == nil { people[p.key] = p.name.location }
        var teams: [NameKey: SourceLocation] = [:]
        for t in roster.teams where teams[t.key] == nil { teams[t.key] = t.name.location }
        for ignored in roster.policy.ignorePeople {
            if let defined = people[NameKey(ignored.value)] {
                error("person \"\(ignored.value)\" is in policy.ignore and also a person of the roster", at: ignored.location, first: defined, note: "defined here")
            }
        }
        for ignored in roster.policy.ignoreTeams {
            if let defined = teams[NameKey(ignored.value)] {
                error("team \"\(ignored.value)\" is in policy.ignore and also a team of the roster", at: ignored.location, first: defined, note: "defined here")
            }
        }
    }
}
