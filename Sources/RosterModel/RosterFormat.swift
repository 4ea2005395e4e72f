/// The keys and limits of the roster format (`roster-format.md`): the decoder reads every mapping
/// by these keys.
package enum RosterFormat {
    /// The only format version this tool reads.
    package static let version = 1
    package static let limitMonthsRange = 0...600

    /// The top level of a roster file.
    package enum TopLevelKey: Int, MappingKey {
        case version, space, defaults, people, teams, levels, policy, schema, access, rules, newValues
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .version: "version"
            case .space: "space"
            case .defaults: "defaults"
            case .people: "people"
            case .teams: "teams"
            case .levels: "levels"
            case .policy: "policy"
            case .schema: "$schema"
            case .access: "access"
            case .rules: "rules"
            case .newValues: "newValues"
            }
        }
    }

    /// A person.
    package enum PersonKey: Int, MappingKey {
        case name, id, craft, level, focus, levelStartDate, previously
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .name: "name"
            case .id: "id"
            case .craft: "craft"
            case .level: "level"
            case .focus: "focus"
            case .levelStartDate: "levelStartDate"
            case .previously: "previously"
            }
        }
    }

    /// A team.
    package enum TeamKey: Int, MappingKey {
        case name, id, lead, members, previously
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .name: "name"
            case .id: "id"
            case .lead: "lead"
            case .members: "members"
            case .previously: "previously"
            }
        }
    }

    /// `defaults:`.
    package enum DefaultsKey: Int, MappingKey {
        case craft, level, focus
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .craft: "craft"
            case .level: "level"
            case .focus: "focus"
            }
        }
    }

    /// One level under `levels:`.
    package enum LevelKey: Int, MappingKey {
        case limitMonths
        static let keys = KeySet(Self.self)
        var spelling: StaticString { "limitMonths" }
    }

    /// `policy:`.
    package enum PolicyKey: Int, MappingKey {
        case oneTeamPerPerson, prune, ignore, protected, maxDeletes
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .oneTeamPerPerson: "oneTeamPerPerson"
            case .prune: "prune"
            case .ignore: "ignore"
            case .protected: "protected"
            case .maxDeletes: "maxDeletes"
            }
        }
    }

    /// `policy.ignore` and `policy.protected`.
    package enum KindListsKey: Int, MappingKey {
        case people, teams
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .people: "people"
            case .teams: "teams"
            }
        }
    }

    /// `rules:`.
    package enum RulesKey: Int, MappingKey {
        case maxTeamSize, minTeamSize, leadMinLevel, requireLevelStartDate, requireFocus, severity
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .maxTeamSize: "maxTeamSize"
            case .minTeamSize: "minTeamSize"
            case .leadMinLevel: "leadMinLevel"
            case .requireLevelStartDate: "requireLevelStartDate"
            case .requireFocus: "requireFocus"
            case .severity: "severity"
            }
        }
    }

    /// One rule written as a mapping (`{value: …, severity: …}`).
    package enum RuleKey: Int, MappingKey {
        case value, severity
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .value: "value"
            case .severity: "severity"
            }
        }
    }

    /// `access:`.
    package enum AccessKey: Int, MappingKey {
        case members, prune
        static let keys = KeySet(Self.self)
        var spelling: StaticString {
            switch self {
            case .members: "members"
            case .prune: "prune"
            }
        }
    }
}

/// One kind of mapping's keys as a roster writes them: the one table of the format's keys, read by
/// the decoder (``MappingKey``), the JSON Schema, the docs' test, export and pull.
package protocol FormatKey: CaseIterable, Sendable {
    /// The key as a roster writes it.
    var name: String { get }
}

extension RosterFormat.TopLevelKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.PersonKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.TeamKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.DefaultsKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.LevelKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.PolicyKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.KindListsKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.RulesKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.RuleKey: FormatKey { package var name: String { spelling.description } }
extension RosterFormat.AccessKey: FormatKey { package var name: String { spelling.description } }
