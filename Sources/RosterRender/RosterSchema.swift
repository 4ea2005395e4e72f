import RosterCore
import RosterModel

/// The JSON Schema (draft 2020-12) of the roster file, for editors such as VS Code's YAML
/// extension: it completes keys and canonical enum values and checks shapes.
package enum RosterSchema {
    package static let id = "https://roster.dev/schema/roster-v1.json"

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

    /// The top-level keys of a roster file.
    private static func properties() -> JSONValue {
        func list(of definition: String) -> JSONValue {
            .object([
                ("type", .array([.string("array"), .string("null")])),
                ("items", .object([("$ref", .string("#/$defs/\(definition)"))])),
            ])
        }
        return .object([
            ("$schema", .object([("type", .string("string"))])),
            (
                "version",
                .object([("const", .int(RosterFormat.version)), ("description", .string("The roster format version."))])
            ),
            (
                "space",
                .object([
                    ("type", .string("string")), ("minLength", .int(1)),
                    ("description", .string("The MPS space to reconcile (default: your own space).")),
                ])
            ),
            ("defaults", defaults()),
            ("people", list(of: "person")),
            ("teams", list(of: "team")),
            ("levels", levels()),
            ("policy", policy()),
            ("access", access()),
            ("rules", rules()),
            (
                "newValues",
                .object([
                    ("type", .array([.string("array"), .string("null")])),
                    (
                        "description",
                        .string(
                            "Values of a newer MPS that this version of roster does not know (a level, a craft or a "
                                + "focus), which this file's entries may use as the server spells them.")
                    ),
                    (
                        "items",
                        .object([("type", .string("string")), ("pattern", .string("^[A-Z][A-Za-z0-9_]*$"))])
                    ),
                ])
            ),
        ])
    }

    private static func defaults() -> JSONValue {
        .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("description", .string("Person fields for the people of this file that omit them.")),
            (
                "properties",
                .object([
                    ("craft", .object([("$ref", .string("#/$defs/craft"))])),
                    ("level", .object([("$ref", .string("#/$defs/level"))])),
                    ("focus", .object([("$ref", .string("#/$defs/focus"))])),
                ])
            ),
        ])
    }

    /// The shared definitions: names, ids, enums, a person and a team.
    private static func definitions() -> JSONValue {
        let name = JSONValue.object([("$ref", .string("#/$defs/name"))])
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
        .object([
            ("type", .string("object")), ("required", .array([.string("name")])),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "name",
                        .object([
                            ("$ref", .string("#/$defs/name")),
                            ("description", .string("The person's full name (MPS fullName).")),
                        ])
                    ),
                    (
                        "id",
                        .object([
                            ("$ref", .string("#/$defs/id")), ("description", .string("Pins the live MPS user id.")),
                        ])
                    ),
                    ("craft", .object([("$ref", .string("#/$defs/craft"))])),
                    ("level", .object([("$ref", .string("#/$defs/level"))])),
                    ("focus", .object([("$ref", .string("#/$defs/focus"))])),
                    (
                        "levelStartDate",
                        .object([
                            ("type", .array([.string("string"), .string("null")])),
                            ("pattern", .string("^[0-9]{4}-[0-9]{2}-[0-9]{2}$")),
                            (
                                "description",
                                .string("YYYY-MM-DD; absent = leave the live value alone; null = clear it.")
                            ),
                        ])
                    ),
                    (
                        "previously",
                        .object([
                            ("$ref", .string("#/$defs/names")),
                            ("description", .string("Former names: a rename, never a delete and create.")),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static func team() -> JSONValue {
        .object([
            ("type", .string("object")), ("required", .array([.string("name"), .string("lead")])),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("name", .object([("$ref", .string("#/$defs/name"))])),
                    (
                        "id",
                        .object([
                            ("$ref", .string("#/$defs/id")), ("description", .string("Pins the live MPS team id.")),
                        ])
                    ),
                    (
                        "lead",
                        .object([
                            ("$ref", .string("#/$defs/name")),
                            ("description", .string("A person of the roster; always a member.")),
                        ])
                    ),
                    (
                        "members",
                        .object([
                            ("type", .array([.string("array"), .string("null")])),
                            ("items", .object([("$ref", .string("#/$defs/name"))])),
                        ])
                    ),
                    ("previously", .object([("$ref", .string("#/$defs/names"))])),
                ])
            ),
        ])
    }

    private static func levels() -> JSONValue {
        let limit: JSONValue = .object([
            ("type", .string("object")), ("required", .array([.string("limitMonths")])),
            ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    (
                        "limitMonths",
                        .object([
                            ("type", .string("integer")), ("minimum", .int(RosterFormat.limitMonthsRange.lowerBound)),
                            ("maximum", .int(RosterFormat.limitMonthsRange.upperBound)),
                            ("description", .string("Months at this level before a person is flagged; 0 = no limit.")),
                        ])
                    )
                ])
            ),
        ])
        return .object([
            ("type", .array([.string("object"), .string("null")])),
            ("description", .string("Time-in-level limits of the space, per job level.")),
            ("properties", .object(JobLevel.allCases.map { ($0.rawValue, limit) })),
            ("propertyNames", .object([("$ref", .string("#/$defs/level"))])),
        ])
    }

    /// `rules:`: each rule a value, or `{value, severity}`.
    private static func rules() -> JSONValue {
        let severity = JSONValue.object([("enum", .array([.string("error"), .string("warning")]))])
        func rule(_ value: JSONValue) -> JSONValue {
            .object([
                (
                    "oneOf",
                    .array([
                        value,
                        .object([
                            ("type", .string("object")), ("additionalProperties", .bool(false)),
                            ("required", .array([.string("value")])),
                            ("properties", .object([("value", value), ("severity", severity)])),
                        ]),
                    ])
                )
            ])
        }
        let size = JSONValue.object([("type", .string("integer")), ("minimum", .int(1))])
        return .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("description", .string("The organisation's own rules, checked by validate and plan.")),
            (
                "properties",
                .object([
                    ("maxTeamSize", rule(size)), ("minTeamSize", rule(size)),
                    ("leadMinLevel", rule(.object([("$ref", .string("#/$defs/level"))]))),
                    ("requireLevelStartDate", rule(.object([("type", .string("boolean"))]))),
                    (
                        "requireFocus",
                        rule(
                            .object([
                                ("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/craft"))])),
                            ]))
                    ),
                    ("severity", severity),
                ])
            ),
        ])
    }

    private static func access() -> JSONValue {
        .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("description", .string("Who besides the owner may open and change the space (MPS accounts by email).")),
            (
                "properties",
                .object([
                    (
                        "members",
                        .object([
                            ("type", .array([.string("array"), .string("null")])),
                            (
                                "items",
                                .object([("type", .string("string")), ("pattern", .string("^[^@\\s]+@[^@\\s]+$"))])
                            ),
                        ])
                    ),
                    (
                        "prune",
                        .object([
                            ("type", .string("boolean")),
                            ("description", .string("Remove members the roster does not list (default: report them).")),
                        ])
                    ),
                ])
            ),
        ])
    }

    private static func policy() -> JSONValue {
        let kindLists: JSONValue = .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("people", .object([("$ref", .string("#/$defs/names"))])),
                    ("teams", .object([("$ref", .string("#/$defs/names"))])),
                ])
            ),
        ])
        return .object([
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            (
                "properties",
                .object([
                    ("oneTeamPerPerson", .object([("type", .string("boolean")), ("default", .bool(true))])),
                    ("prune", .object([("type", .string("boolean")), ("default", .bool(false))])),
                    ("ignore", kindLists),
                    ("protected", kindLists),
                    (
                        "maxDeletes",
                        .object([
                            (
                                "description",
                                .string("Most deletes per kind: a count (3) or a share of the live total (10%).")
                            ),
                            ("default", .string("25%")),
                            (
                                "oneOf",
                                .array([
                                    .object([("type", .string("integer")), ("minimum", .int(0))]),
                                    .object([
                                        ("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?%$")),
                                    ]),
                                ])
                            ),
                        ])
                    ),
                ])
            ),
        ])
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
