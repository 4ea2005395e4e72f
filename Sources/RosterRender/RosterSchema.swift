import RosterCore
import RosterModel

/// The JSON Schema (draft 2020-12) of the roster file, for editors such as VS Code's YAML
/// extension: it completes keys and canonical enum values and checks shapes.
package enum RosterSchema {
    static let id = "https://roster.dev/schema/roster-v1.json"

    package static func document() -> JSONValue {
        .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string(id)),
            ("title", .string("roster file")),
            ("description", .string("The desired people, teams and job level limits of one MPS space.")),
            ("type", .string("object")),
            ("required", .array([.string("version")])),
            ("additionalProperties", .bool(false)),
            ("properties", properties()),
            ("$defs", definitions()),
        ])
    }

    private typealias Format = RosterFormat

    /// A mapping's `properties`, one per key of the format's table: a key the decoder reads and
    /// the schema does not describe does not compile.
    private static func properties<Key: FormatKey>(_ schema: (Key) -> JSONValue) -> JSONValue {
        .object(Key.allCases.map { ($0.name, schema($0)) })
    }

    /// An object of `Key`s, none other.
    private static func object<Key: FormatKey>(
        required: [Key] = [], description: String? = nil, nullable: Bool = false, _ schema: (Key) -> JSONValue
    ) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("type", nullable ? .array([.string("object"), .string("null")]) : .string("object")),
            ("additionalProperties", .bool(false)),
        ]
        if !required.isEmpty { fields.append(("required", .array(required.map { .string($0.name) }))) }
        if let description { fields.append(("description", .string(description))) }
        fields.append(("properties", properties(schema)))
        return .object(fields)
    }

    private static func ref(_ definition: String, _ description: String? = nil) -> JSONValue {
        .object(
            [("$ref", .string("#/$defs/\(definition)"))] + (description.map { [("description", .string($0))] } ?? []))
    }

    private static func nullableList(of items: JSONValue) -> JSONValue {
        .object([("type", .array([.string("array"), .string("null")])), ("items", items)])
    }

    /// The top-level keys of a roster file.
    private static func properties() -> JSONValue {
        properties { (key: Format.TopLevelKey) in
            switch key {
            case .schema: .object([("type", .string("string"))])
            case .version:
                .object([("const", .int(Format.version)), ("description", .string("The roster format version."))])
            case .space:
                .object([
                    ("type", .string("string")), ("minLength", .int(1)),
                    ("description", .string("The MPS space to reconcile (default: your own space).")),
                ])
            case .defaults: defaults()
            case .people: nullableList(of: ref("person"))
            case .teams: nullableList(of: ref("team"))
            case .levels: levels()
            case .policy: policy()
            case .access: access()
            case .rules: rules()
            case .newValues: newValues()
            }
        }
    }

    private static func newValues() -> JSONValue {
        .object([
            ("type", .array([.string("array"), .string("null")])),
            (
                "description",
                .string(
                    "Values of a newer MPS that this version of roster does not know (a level, a craft or a "
                        + "focus), which this file's entries may use as the server spells them.")
            ),
            ("items", .object([("type", .string("string")), ("pattern", .string("^[A-Z][A-Za-z0-9_]*$"))])),
        ])
    }

    private static func defaults() -> JSONValue {
        object(description: "Person fields for the people of this file that omit them.") { (key: Format.DefaultsKey) in
            switch key {
            case .craft: ref("craft")
            case .level: ref("level")
            case .focus: ref("focus")
            }
        }
    }

    /// The shared definitions: names, ids, enums, a person and a team.
    private static func definitions() -> JSONValue {
        let name = ref("name")
        return .object([
            (
                "name",
                .object([("type", .string("string")), ("minLength", .int(1)), ("pattern", .string("^\\S(.*\\S)?$"))])
            ),
            (
                "names",
                .object([("oneOf", .array([name, .object([("type", .string("array")), ("items", name)])]))])
            ),
            ("id", .object([("type", .string("integer")), ("minimum", .int(1))])),
            ("craft", enumSchema(Craft.self, "The person's craft (MPS craftAbility).")),
            ("level", enumSchema(JobLevel.self, "The person's job level (MPS jobLevel).")),
            ("focus", enumSchema(Focus.self, "The person's focus (MPS craftFocus).")),
            ("person", person()),
            ("team", team()),
        ])
    }

    private static func person() -> JSONValue {
        object(required: [.name]) { (key: Format.PersonKey) in
            switch key {
            case .name: ref("name", "The person's full name (MPS fullName).")
            case .id: ref("id", "Pins the live MPS user id.")
            case .craft: ref("craft")
            case .level: ref("level")
            case .focus: ref("focus")
            case .levelStartDate:
                .object([
                    ("type", .array([.string("string"), .string("null")])),
                    ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")),
                    ("description", .string("YYYY-MM-DD; absent = leave the live value alone; null = clear it.")),
                ])
            case .previously: ref("names", "Former names: a rename, never a delete and create.")
            case .starts: day("The person's first day: the plan creates them on it.")
            case .lastDay: day("The person's last day: the plan deletes them the day after.")
            case .changes:
                .object([
                    ("type", .string("array")), ("items", personChange()),
                    ("description", .string("The person's level from later days, a change a day.")),
                ])
            }
        }
    }

    /// One item of a person's `changes:`.
    private static func personChange() -> JSONValue {
        object(required: [.on, .level]) { (key: Format.PersonChangeKey) in
            switch key {
            case .on: day("The day the change takes effect (the level's start date).")
            case .level: ref("level", "The person's level from that day.")
            }
        }
    }

    /// A day, `YYYY-MM-DD`.
    private static func day(_ description: String) -> JSONValue {
        .object([
            ("type", .string("string")), ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")),
            ("description", .string(description)),
        ])
    }

    /// One item of a team's `changes:`.
    private static func teamChange() -> JSONValue {
        let change = object(required: [.on]) { (key: Format.TeamChangeKey) in
            switch key {
            case .on: day("The day the change takes effect.")
            case .lead: ref("name", "The team's lead from that day.")
            case .members: nullableList(of: ref("name"))
            }
        }
        // A change states a new lead, new members or both.
        guard case .object(let fields) = change else { return change }
        let either = [Format.TeamChangeKey.lead, .members].map {
            JSONValue.object([("required", .array([.string($0.name)]))])
        }
        return .object(fields + [("anyOf", .array(either))])
    }

    private static func team() -> JSONValue {
        object(required: [.name, .lead]) { (key: Format.TeamKey) in
            switch key {
            case .name: ref("name")
            case .id: ref("id", "Pins the live MPS team id.")
            case .lead: ref("name", "A person of the roster; always a member.")
            case .members: nullableList(of: ref("name"))
            case .previously: ref("names")
            case .starts: day("The team's first day: the plan creates it on it.")
            case .lastDay: day("The team's last day: the plan deletes it the day after.")
            case .changes:
                .object([
                    ("type", .string("array")), ("items", teamChange()),
                    ("description", .string("The team's lead or members from later days, a change a day.")),
                ])
            }
        }
    }

    private static func levels() -> JSONValue {
        let limit = object(required: [.limitMonths]) { (key: Format.LevelKey) in
            switch key {
            case .limitMonths:
                .object([
                    ("type", .string("integer")), ("minimum", .int(Format.limitMonthsRange.lowerBound)),
                    ("maximum", .int(Format.limitMonthsRange.upperBound)),
                    ("description", .string("Months at this level before a person is flagged; 0 = no limit.")),
                ])
            }
        }
        return .object([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string("Time-in-level limits of the space, per job level.")),
            ("properties", .object(JobLevel.allCases.map { ($0.rawValue, limit) })),
            ("propertyNames", ref("level")),
        ])
    }

    /// `rules:`: each rule a value, or `{value, severity}`.
    private static func rules() -> JSONValue {
        let severity = JSONValue.object([("enum", .array([.string("error"), .string("warning")]))])
        func rule(_ value: JSONValue) -> JSONValue {
            let written = object(required: [.value]) { (key: Format.RuleKey) in
                switch key {
                case .value: value
                case .severity: severity
                }
            }
            return .object([("oneOf", .array([value, written]))])
        }
        let size = JSONValue.object([("type", .string("integer")), ("minimum", .int(1))])
        return object(description: "The organisation's own rules, checked by validate and plan.") {
            (key: Format.RulesKey) in
            switch key {
            case .maxTeamSize, .minTeamSize, .maxSpanOfControl: rule(size)
            case .leadMinLevel: rule(ref("level"))
            case .requireLevelStartDate: rule(.object([("type", .string("boolean"))]))
            case .requireFocus: rule(.object([("type", .string("array")), ("items", ref("craft"))]))
            case .severity: severity
            }
        }
    }

    private static func access() -> JSONValue {
        let about = "Who besides the owner may open and change the space (MPS accounts by email)."
        return object(description: about) { (key: Format.AccessKey) in
            switch key {
            case .members:
                nullableList(of: .object([("type", .string("string")), ("pattern", .string("^[^@\\s]+@[^@\\s]+$"))]))
            case .prune:
                .object([
                    ("type", .string("boolean")),
                    ("description", .string("Remove members the roster does not list (default: report them).")),
                ])
            }
        }
    }

    private static func policy() -> JSONValue {
        let kindLists = object { (key: Format.KindListsKey) in
            switch key {
            case .people, .teams: ref("names")
            }
        }
        return object { (key: Format.PolicyKey) in
            switch key {
            case .oneTeamPerPerson: .object([("type", .string("boolean")), ("default", .bool(true))])
            case .prune: .object([("type", .string("boolean")), ("default", .bool(false))])
            case .ignore, .protected: kindLists
            case .maxDeletes: DeleteLimit.schema
            }
        }
    }

    /// Canonical values for completion, plus a pattern for the loose spellings the tool accepts.
    private static func enumSchema<E: RosterEnum>(_ type: E.Type, _ description: String) -> JSONValue {
        let spellings = E.allCases.flatMap { [$0.rawValue] + $0.displayNames }
        let pattern = "^(" + spellings.map(loosePattern).joined(separator: "|") + ")$"
        return .object([
            ("description", .string(description)),
            (
                "anyOf",
                .array([
                    .object([("enum", .array(E.allCases.map { .string($0.rawValue) }))]),
                    .object([("type", .string("string")), ("pattern", .string(pattern))]),
                ])
            ),
        ])
    }

    /// Any case, with optional spaces, `_` or `-` between characters.
    private static func loosePattern(_ spelling: String) -> String {
        let chars = spelling.filter { $0 != " " }
        return chars.map { c -> String in
            let lower = c.lowercased(), upper = c.uppercased()
            let escaped = c == "/" ? "/" : String(c)
            return lower == upper ? escaped : "[\(upper)\(lower)]"
        }.joined(separator: "[ _-]*")
    }
}
