import RosterCore
import RosterModel
import RosterReconcile

/// The people view of a plan (``PeopleView``) as the plan's JSON holds it: one object a person,
/// with where they are and what they are now (`from`) and where they go and what they become
/// (`to`), each holding only what changes.
enum PeopleViewRenderer {
    static func json(_ view: PeopleView) -> JSONValue {
        .array(view.stories.map(json))
    }

    static func json(_ story: PersonStory) -> JSONValue {
        var from: [(String, JSONValue)] = [], to: [(String, JSONValue)] = []
        if !story.from.isEmpty || !story.to.isEmpty {
            from.append(("teams", .array(story.from.map(json))))
            to.append(("teams", .array(story.to.map(json))))
        }
        for update in story.updates {
            guard let values = update.values else { continue }
            from.append((update.field.rawValue, values.before))
            to.append((update.field.rawValue, values.after))
        }
        if story.joinsSpace {
            to += story.created.pairs.filter { $0.field != .name }.map { ($0.field.rawValue, $0.value) }
        }
        return .object([
            ("name", .string(story.name)), ("id", PlanRenderer.idValue(story.id)),
            ("kind", .string(story.kind.key)), ("kinds", .array(story.kinds.map { .string($0.key) })),
            ("from", story.joinsSpace ? .null : .object(from)),
            ("to", story.leavesSpace ? .null : .object(to)),
        ])
    }

    static func json(_ placement: PersonStory.Placement) -> JSONValue {
        .object([
            ("team", .string(placement.team)), ("id", PlanRenderer.idValue(placement.teamID)),
            ("role", .string(placement.role.rawValue)),
        ])
    }
}
