import RosterCore
import RosterModel
import RosterYAML

/// `export`'s work, printing nothing: the roster document of a live space, people and teams
/// sorted by name, members too, ids pinned where live names repeat; what it left out is said by
/// its warnings.
package struct RosterExporter {
    let live: LiveState
    let pinSpace: Bool
    /// The live people and teams as roster entries, by the rules pull shares.
    var entries: LiveEntries
    /// What the document could not hold as the space has it (free-text dates, people in two teams).
    package private(set) var warnings: [Diagnostic] = []

    /// `pinIDs`: every person and team pinned by id (`--ids`); else those whose names repeat.
    package init(live: LiveState, pinSpace: Bool, pinIDs: Bool) {
        self.live = live
        self.pinSpace = pinSpace
        entries = LiveEntries(live)
        entries.pinsEveryone = pinIDs
    }

    /// The document, as YAML values; ``json(_:)`` gives it as JSON.
    mutating func document() -> YAMLValue {
        var root: [(String, YAMLValue)] = [(Top.version.name, .token("1"))]
        if pinSpace { root.append((Top.space.name, .string(live.space.id))) }
        // Values of a newer MPS, declared so that the entries using them load.
        let newValues = live.newValues
        if !newValues.isEmpty {
            root.append((Top.newValues.name, .sequence(newValues.map(YAMLValue.token), flow: true)))
        }
        root.append((Top.people.name, .sequence(people(), flow: false)))
        root.append((Top.teams.name, .sequence(teams(), flow: false)))
        if !live.levels.isEmpty {
            let levels = live.levels.sorted { $0.level < $1.level }.map {
                (
                    $0.level.rawValue,
                    YAMLValue.mapping([(Level.limitMonths.name, .token(String($0.limitMonths)))], flow: true)
                )
            }
            root.append((Top.levels.name, .mapping(levels, flow: false)))
        }
        // Access is written for the caller's own space (the only one whose members MPS tells).
        if live.space.isOwner, let members = live.members, !members.isEmpty {
            let (emails, unwritable) = LiveEntries.accessEmails(members)
            warnings += unwritable
            if !emails.isEmpty {
                let list = YAMLValue.sequence(emails.map(YAMLValue.string), flow: false)
                root.append((Top.access.name, .mapping([("members", list)], flow: false)))
            }
        }
        let several = LiveEntries.peopleInSeveralTeams(live)
        if !several.isEmpty {
            warnings.append(entries.severalTeamsWarning(several, live))
            root.append((Top.policy.name, .mapping([(Policy.oneTeamPerPerson.name, .token("false"))], flow: false)))
        }
        return .mapping(root, flow: false)
    }

    /// Each live person as ``LiveEntries`` writes them, sorted by name.
    private mutating func people() -> [YAMLValue] {
        live.users.sorted(by: { ($0.key, $0.id) < ($1.key, $1.id) }).map { user in
            let person = entries.person(user)
            var fields: [(String, YAMLValue)] = [(Person.name.name, .string(person.name))]
            if let id = person.id { fields.append((Person.id.name, .token(String(id)))) }
            fields += person.valueFields.map { ($0.key.name, $0.kind.yaml($1)) }
            if let warning = LiveEntries.dateWarning(user) { warnings.append(warning) }
            return .mapping(fields, flow: true)
        }
    }

    private func teams() -> [YAMLValue] {
        live.teams.sorted(by: { ($0.key, $0.id) < ($1.key, $1.id) }).map { t in
            let team = entries.team(t)
            var fields: [(String, YAMLValue)] = []
            for field in TeamField.allCases {
                switch field {
                case .name:
                    fields.append((field.key.name, .string(team.name)))
                    if let id = team.id { fields.append((Team.id.name, .token(String(id)))) }
                case .lead: fields.append((field.key.name, .string(team.lead)))
                case .members:
                    // A name a line: a diff of the file is a line per person who moves, and every
                    // name stays whole on its line (docs/decisions.md, "Export's layout").
                    fields.append((field.key.name, .sequence(team.members.map(YAMLValue.string), flow: false)))
                }
            }
            return .mapping(fields, flow: false)
        }
    }

    /// The document as the file's text: JSON, or YAML under a comment naming the space.
    package mutating func text(json asJSON: Bool) -> String {
        let document = document()
        if asJSON { return json(document).rendered(indent: 2) + "\n" }
        // A name with a newline would end the comment and start YAML of its own.
        let space = TerminalText.escape("\"\(live.space.name)\" (\(live.space.id))")
        return "# The live space \(space), exported by roster \(RosterVersion.current).\n" + YAMLWriter.write(document)
    }

    func json(_ value: YAMLValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .token(let s):
            if s == "null" { return .null }
            if let i = Int(s) { return .int(i) }
            if s == "true" || s == "false" { return .bool(s == "true") }
            return .string(s)
        case .sequence(let items, _): return .array(items.map(json))
        case .mapping(let pairs, _): return .object(pairs.map { ($0.0, json($0.1)) })
        }
    }
}

// The roster format's keys, as RosterFormat declares them.
private typealias Top = RosterFormat.TopLevelKey
private typealias Person = RosterFormat.PersonKey
private typealias Team = RosterFormat.TeamKey
private typealias Policy = RosterFormat.PolicyKey
private typealias Level = RosterFormat.LevelKey

extension FieldKind {
    /// A value of the kind as export writes it: a word of a fixed set or a date plain, text quoted
    /// where YAML would read it otherwise; nil (stated empty) as `null`.
    func yaml(_ text: String?) -> YAMLValue {
        guard let text else { return .token("null") }
        return isPlainWord ? .token(text) : .string(text)
    }
}
