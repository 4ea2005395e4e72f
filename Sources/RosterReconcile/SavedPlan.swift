import RosterCore
import RosterModel

/// A plan saved by `roster plan --out`: its `apply` section, what apply needs to run exactly it
/// (every operation with its values, the fingerprint of each live entity, the roster's files and
/// how the plan was asked for). This one type builds it, writes it and reads it back, naming a
/// missing field; the command line adds only the file (its path, the paths made relative to it).
package struct SavedPlan: Sendable {
    /// The version of the `apply` section this roster writes and reads.
    static let version = 1

    /// The roster a plan was made from: paths and files relative to the plan file, a hash of the
    /// files, and whether `--prune` was asked (the roster's own `policy.prune` is in its files).
    package struct RosterFiles: Sendable, Equatable {
        package var paths: [String]
        package var files: [String]
        package var sha256: String
        package var prune: Bool

        package init(paths: [String], files: [String], sha256: String, prune: Bool) {
            self.paths = paths
            self.files = files
            self.sha256 = sha256
            self.prune = prune
        }
    }

    /// Why a saved plan cannot be read.
    package enum Problem: Error, Sendable, Equatable {
        /// Saved by a newer roster.
        case newer(Int)
        /// A field is missing or of the wrong type: its name (`apply.roster.paths`).
        case missing(String)
    }

    package var space: String
    package var roster: RosterFiles
    /// `--only` and `--exclude` as given.
    package var selection: SelectionText
    package var fingerprint: Fingerprint
    /// Every operation of every step, with its values (see ``steps(_:)``).
    package var steps: JSONValue
    /// The policy's settings (`maxDeletes`) and what the plan deletes against them, for a reader of
    /// the file.
    var summary: [(String, JSONValue)] = []
    /// What a reviewer of the plan saw, fact by fact (``ReviewFact``): what `apply --reviewed`
    /// may run of a plan made later. Nil in a plan saved by a roster that did not write them.
    package var reviewed: [ReviewFact]?
    /// The plan's day, when it scheduled changes for later ones: apply plans as on that day, so
    /// that it runs what was reviewed and no change that became due since.
    package var asOf: Day?

    /// The saved form of `plan`.
    package init(
        _ plan: Plan, fingerprint: Fingerprint, policy: Policy, roster: RosterFiles, selection: SelectionText
    ) {
        space = plan.space.id
        self.roster = roster
        self.selection = selection
        self.fingerprint = fingerprint
        steps = Self.steps(plan)
        reviewed = plan.changes.flatMap(ReviewFact.facts)
        asOf = plan.scheduled.isEmpty ? nil : plan.asOf
        summary =
            RosterFormat.PolicyKey.settings.map { ($0.key.rawValue, .string($0.recorded(policy))) } + [
                (
                    "deletes",
                    .array(
                        plan.deletes.map {
                            .object([
                                ("kind", .string($0.kind.rawValue)), ("count", .int($0.count)),
                                ("liveTotal", .int($0.liveTotal)), ("allowed", .int($0.allowed)),
                            ])
                        })
                )
            ]
    }

    /// The `apply` section, its version first.
    package var json: JSONValue {
        .object(
            [("version", .int(Self.version)), ("space", .string(space))] + summary + [
                ("steps", steps),
                (
                    "entities",
                    .object(
                        fingerprint.entities.map { ($0.key.savedKey, Self.snapshot($0.value)) }.sorted { $0.0 < $1.0 })
                ),
                (
                    "roster",
                    .object([
                        ("paths", .array(roster.paths.map(JSONValue.string))),
                        ("files", .array(roster.files.map(JSONValue.string))),
                        ("sha256", .string(roster.sha256)), ("prune", .bool(roster.prune)),
                    ])
                ),
                ("selection", .object(selection.given.map { ($0.option.rawValue, JSONValue.string($0.text)) })),
                ("reviewed", .array((reviewed ?? []).map(\.json))),
            ] + (asOf.map { [("asOf", JSONValue.string($0.description))] } ?? []))
    }

    /// Reads an `apply` section back.
    package init(reading apply: JSONValue) throws(Problem) {
        let saved = apply["version"]?.intValue ?? 1
        guard saved <= Self.version else { throw .newer(saved) }
        func require<T>(_ value: T?, _ name: String) throws(Problem) -> T {
            guard let value else { throw .missing(name) }
            return value
        }
        let files = try require(apply["roster"], "apply.roster")
        space = try require(apply["space"]?.stringValue, "apply.space")
        roster = RosterFiles(
            paths: try require(files["paths"]?.stringsValue, "apply.roster.paths"),
            files: try require(files["files"]?.stringsValue, "apply.roster.files"),
            sha256: try require(files["sha256"]?.stringValue, "apply.roster.sha256"),
            prune: try require(files["prune"]?.boolValue, "apply.roster.prune"))
        fingerprint = Fingerprint(entities: Self.entities(try require(apply["entities"], "apply.entities")))
        steps = try require(apply["steps"], "apply.steps")
        if case .array(let facts)? = apply["reviewed"] { reviewed = facts.compactMap(ReviewFact.init(json:)) }
        asOf = apply["asOf"]?.stringValue.flatMap(Day.init)
        let given = apply["selection"]
        selection = SelectionText(
            only: given?[SelectionText.Option.only.rawValue]?.stringValue,
            exclude: given?[SelectionText.Option.exclude.rawValue]?.stringValue)
    }

    static func ref(_ r: PlannedPerson) -> JSONValue {
        switch r {
        case .live(let id): return .object([("live", .int(id))])
        case .created(let i): return .object([("created", .int(i))])
        }
    }

    static func person(_ f: PersonValues) -> JSONValue {
        .object(PersonField.all.map { ($0.wire.rawValue, f.json($0)) })
    }

    static func team(_ f: TeamValues) -> JSONValue {
        .object(
            TeamField.allCases.map { field in
                switch field {
                case .name: (field.rawValue, .string(f.name))
                case .lead: (field.rawValue, ref(f.lead))
                case .members: (field.rawValue, .array(f.members.map(ref)))
                }
            })
    }

    /// One operation with everything needed to send it.
    static func operation(_ op: PlanOperation) -> JSONValue {
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
    static func entities(_ json: JSONValue?) -> [EntityID: EntitySnapshot] {
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
}
