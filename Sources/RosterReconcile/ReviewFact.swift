import RosterCore
import RosterModel

/// One thing a plan does, as small as a reviewer approves it: a field of an entity going from one
/// value to another, a person joining or leaving a team, an entity created or deleted. A plan
/// reviewed on a pull request is saved with its facts; `roster apply --reviewed` applies a plan
/// made now only as far as its facts are among those reviewed, so changes merged in any order
/// are applied together, and nothing no one saw (a change the apps made since, reverted) is.
///
/// An entity is named by its live id (`#4`), or, for one the plan creates, by its kind and name's
/// key: the roster entry a reviewer saw.
package struct ReviewFact: Hashable, Sendable {
    var kind: Change.Kind
    var entity: String
    /// The field (`level`, `members`, `lead`), or `create` / `delete` for the entity itself.
    var field: String
    /// The values before and after, as compact JSON (`"Junior"`, `null`, `{"name":…}`).
    var before: String
    var after: String

    init(_ kind: Change.Kind, _ entity: String, _ field: String, _ before: JSONValue, _ after: JSONValue) {
        (self.kind, self.entity, self.field) = (kind, entity, field)
        (self.before, self.after) = (before.rendered(), after.rendered())
    }

    /// The facts of `change`; none for an unmanaged entity (it changes nothing).
    static func facts(of change: Change) -> [ReviewFact] {
        let entity = change.id.map { "#\($0)" } ?? change.authID ?? "new \(NameKey(change.name).value)"
        let fact = { (field: String, before: JSONValue, after: JSONValue) in
            ReviewFact(change.kind, entity, field, before, after)
        }
        switch change.action {
        case .unmanaged: return []
        case .delete: return [fact("delete", .null, .null)]
        case .create:
            // A new team's people are facts of their own, so that two reviews may each bring some.
            let values = JSONValue.object(
                change.after.pairs.filter { $0.field != .members }.map { ($0.field.rawValue, $0.value) })
            return [fact("create", .null, values)]
                + change.teamPeople.dropFirst().map { fact(PlanField.members.rawValue, .null, .string($0.name)) }
        case .update:
            return change.updates.flatMap { update -> [ReviewFact] in
                if case .members(let added, let removed) = update {
                    return added.map { fact(update.field.rawValue, .null, .string($0.name)) }
                        + removed.map { fact(update.field.rawValue, .string($0.name), .null) }
                }
                guard let (before, after) = update.values else { return [] }
                return [fact(update.field.rawValue, before, after)]
            }
        }
    }

    /// As a saved plan holds it.
    var json: JSONValue {
        .object([
            ("kind", .string(kind.rawValue)), ("entity", .string(entity)), ("field", .string(field)),
            ("before", .string(before)), ("after", .string(after)),
        ])
    }

    /// Read back from a saved plan; nil for anything else.
    init?(json: JSONValue) {
        guard let kind = json["kind"]?.stringValue.flatMap(Change.Kind.init(rawValue:)),
            let entity = json["entity"]?.stringValue, let field = json["field"]?.stringValue,
            let before = json["before"]?.stringValue, let after = json["after"]?.stringValue
        else { return nil }
        (self.kind, self.entity, self.field, self.before, self.after) = (kind, entity, field, before, after)
    }

    /// How a reviewer reads it, beside the entity's name: `level: Junior → Mid`, `members: + Ana`.
    var description: String {
        let value = { (text: String) in text == "null" ? "none" : text.trimmingQuotes }
        switch field {
        case "create": return "its creation"
        case "delete": return "its deletion"
        case PlanField.members.rawValue:
            return after == "null" ? "members: − \(value(before))" : "members: + \(value(after))"
        default: return "\(field): \(value(before)) → \(value(after))"
        }
    }
}

extension String {
    /// A JSON string's text without its quotes (escapes left as written): for a message.
    fileprivate var trimmingQuotes: String {
        hasPrefix("\"") && hasSuffix("\"") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
