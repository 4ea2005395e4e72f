import RosterCore
import RosterModel

/// A plan written by `roster plan --out`: the plan's JSON plus what apply needs to run
/// exactly it (every operation with its values, and the fingerprint of each live entity).
package enum SavedPlan {
    static func ref(_ r: PersonRef) -> JSONValue {
        switch r {
        case .live(let id): return .object([("live", .int(id))])
        case .created(let i): return .object([("created", .int(i))])
        }
    }

    static func person(_ f: PersonFields) -> JSONValue {
        .object([
            (MPSField.User.fullName.rawValue, .string(f.fullName)),
            (MPSField.User.craftAbility.rawValue, .string(f.craft.rawValue)),
            (MPSField.User.jobLevel.rawValue, .string(f.level.rawValue)),
            (MPSField.User.craftFocus.rawValue, .string(f.focus.rawValue)),
            (MPSField.User.levelStartDate.rawValue, f.levelStartDate.map(JSONValue.string) ?? .null),
        ])
    }

    static func team(_ f: TeamFields) -> JSONValue {
        .object([("name", .string(f.name)), ("lead", ref(f.lead)), ("members", .array(f.members.map(ref)))])
    }

    /// One operation with everything needed to send it.
    package static func operation(_ op: PlanOperation) -> JSONValue {
        var fields: [(String, JSONValue)] = [("mutation", .string(op.mutation.rawValue)), ("name", .string(op.name))]
        if let purpose = op.purpose { fields.append(("purpose", .string(purpose))) }
        switch op.payload {
        case .createUser(let i, let f): fields += [("rosterIndex", .int(i)), ("input", person(f))]
        case .updateUser(let id, let f): fields += [("id", .int(id)), ("input", person(f))]
        case .deleteUser(let id), .deleteTeam(let id): fields += [("id", .int(id))]
        case .createTeam(let i, let f): fields += [("rosterIndex", .int(i)), ("input", team(f))]
        case .updateTeam(let id, let f): fields += [("id", .int(id)), ("input", team(f))]
        case .addSpaceMember(let email): fields += [("email", .string(email))]
        case .removeSpaceMember(let authID): fields += [("authId", .string(authID))]
        case .setJobLevelLimit(let level, let months):
            fields += [
                (MPSField.Limit.jobLevel.rawValue, .string(level.rawValue)),
                (MPSField.Limit.limitMonths.rawValue, .int(months)),
            ]
        }
        return .object(fields)
    }

    /// The `apply` section's `steps`: every operation of every step, with its values. Applying a
    /// saved plan compares these with the plan made afresh, so it applies exactly what was saved.
    package static func steps(_ plan: Plan) -> JSONValue {
        .array(plan.steps.map { .array($0.map(operation)) })
    }

    static func snapshot(_ s: EntitySnapshot) -> JSONValue {
        .object([("name", .string(s.name))] + s.fields.map { ($0.name, .string($0.value)) })
    }

    /// The entities of a saved plan's `apply.entities`, as ``snapshot(_:)`` wrote them.
    package static func entities(_ json: JSONValue?) -> [EntityID: EntitySnapshot] {
        guard case .object(let pairs)? = json else { return [:] }
        var out: [EntityID: EntitySnapshot] = Dictionary(minimumCapacity: pairs.count)
        for (key, value) in pairs {
            guard let entity = EntityID(savedKey: key), case .object(let fields) = value else { continue }
            let name = fields.first { $0.0 == "name" }?.1.stringValue ?? ""
            out[entity] = EntitySnapshot(
                name: name, fields: fields.filter { $0.0 != "name" }.map { ($0.0, $0.1.stringValue ?? "") })
        }
        return out
    }

    /// The `apply` section added to the plan's JSON.
    package static func applySection(
        _ plan: Plan, fingerprint: Fingerprint, maxDeletes: DeleteLimit
    ) -> JSONValue {
        .object([
            ("space", .string(plan.space.id)),
            ("maxDeletes", .string(maxDeletes.description)),
            (
                "deletes",
                .array(
                    plan.deletes.map {
                        .object([
                            ("kind", .string($0.kind.rawValue)), ("count", .int($0.count)),
                            ("liveTotal", .int($0.liveTotal)), ("allowed", .int($0.allowed)),
                        ])
                    })
            ),
            ("steps", steps(plan)),
            (
                "entities",
                .object(fingerprint.entities.map { ($0.key.savedKey, snapshot($0.value)) }.sorted { $0.0 < $1.0 })
            ),
        ])
    }
}
