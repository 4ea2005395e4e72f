/// The keys and limits of the roster format (docs/roster-file.md): the decoder reads every mapping
/// by these keys.
package enum RosterFormat {
    /// The only format version this tool reads.
    package static let version = 1
    package static let limitMonthsRange = 0...600

    /// The top level of a roster file.
    package enum TopLevelKey: String, MappingKey {
        case version, space, defaults, people, teams, levels, policy
        case schema = "$schema"
        case access, rules, newValues
        static let keys = KeySet<Self>()
    }

    /// A person.
    package enum PersonKey: String, MappingKey {
        case name, id, craft, level, focus, levelStartDate, previously, starts, lastDay, changes
        static let keys = KeySet<Self>()
    }

    /// One dated change of a person, under their `changes:`: a new level from that day.
    package enum PersonChangeKey: String, MappingKey {
        case on, level
        static let keys = KeySet<Self>()
    }

    /// A team.
    package enum TeamKey: String, MappingKey {
        case name, id, lead, members, previously, starts, lastDay, changes
        static let keys = KeySet<Self>()
    }

    /// One dated change of a team, under its `changes:`.
    package enum TeamChangeKey: String, MappingKey {
        case on, lead, members
        static let keys = KeySet<Self>()
    }

    /// `defaults:`.
    package enum DefaultsKey: String, MappingKey {
        case craft, level, focus
        static let keys = KeySet<Self>()
    }

    /// One level under `levels:`.
    package enum LevelKey: String, MappingKey {
        case limitMonths
        static let keys = KeySet<Self>()
    }

    /// `policy:`.
    package enum PolicyKey: String, MappingKey {
        case oneTeamPerPerson, prune, ignore, protected, maxDeletes
        static let keys = KeySet<Self>()
    }

    /// `policy.ignore` and `policy.protected`.
    package enum KindListsKey: String, MappingKey {
        case people, teams
        static let keys = KeySet<Self>()
    }

    /// `rules:`.
    package enum RulesKey: String, MappingKey {
        case maxTeamSize, minTeamSize, maxSpanOfControl, leadMinLevel, requireLevelStartDate, requireFocus, severity
        static let keys = KeySet<Self>()
    }

    /// One rule written as a mapping (`{value: …, severity: …}`).
    package enum RuleKey: String, MappingKey {
        case value, severity
        static let keys = KeySet<Self>()
    }

    /// `access:`.
    package enum AccessKey: String, MappingKey {
        case members, prune
        static let keys = KeySet<Self>()
    }
}

/// One kind of mapping's keys as a roster writes them: the one table of the format's keys, read by
/// the decoder (``MappingKey``), the JSON Schema, the docs' test, export and pull.
package protocol FormatKey: CaseIterable, Sendable {
    /// The key as a roster writes it.
    var name: String { get }
}
