import RosterModel
import RosterReconcile

/// Finds another writer's changes before a full replacement or a delete would erase them. MPS's
/// `updateUser`, `updateTeam` and `setJobLevelLimit` write every field, and MPS has no
/// conditional writes: an update built from the state the person approved erases whatever
/// changed since, and so does a delete. So before a step that overwrites an entity, the space
/// must have been read since the last document went out, and the entity must read as expected:
/// as approved, or as apply's own last operation left it. One that does not is skipped
/// (docs/decisions.md, "Each step is checked against a fresh read").
struct WriterCheck {
    /// The state the approved plan was built on, by entity.
    private let approved: LiveIndex
    /// The newest read, when none of apply's documents went out after it.
    private(set) var latest: LiveIndex?
    /// What apply's own applied operations left each entity as.
    private var written: [EntityID: Expected] = [:]
    /// People apply deleted: the server dropped them from their teams too.
    private var deleted = Set<Int>()

    init(approved live: LiveState) {
        approved = LiveIndex(live)
        latest = approved
    }

    /// What apply expects of an entity it wrote.
    private enum Expected {
        case state(StoredEntity)
        /// A team, its people as sent: those it created are known by id only once resolved.
        case team(TeamValues)
    }

    /// Whether `ops` overwrite an entity and the space was not read since the last document.
    func needsRead(before ops: [PlanOperation]) -> Bool {
        latest == nil && ops.contains { $0.overwrites }
    }

    /// A read of the space: what later steps are checked against until a document goes out.
    mutating func observe(_ live: LiveState) { latest = LiveIndex(live) }

    /// A document is about to go out: the read is no longer the newest word.
    mutating func sending() { latest = nil }

    /// Records what an applied operation left its entity as.
    mutating func applied(_ op: PlanOperation) {
        switch op.payload {
        case .updateUser(let id, let f): written[.person(id)] = .state(.person(f))
        case .updateTeam(let id, let f): written[.team(id)] = .team(f)
        case .setJobLevelLimit(let level, let months): written[.level(level)] = .state(.level(months))
        case .deleteUser(let id):
            deleted.insert(id)
            written[.person(id)] = .state(.absent)
        case .deleteTeam(let id): written[.team(id)] = .state(.absent)
        default: break
        }
    }

    /// How `op`'s entity changed other than by apply, checked against the newest read; nil when
    /// it reads as expected (or `op` overwrites nothing).
    func change(before op: PlanOperation, created: [Int: Int]) -> String? {
        guard op.overwrites, let latest else { return nil }
        let entity = op.entity
        let expected: StoredEntity
        switch written[entity] {
        case .state(let state)?: expected = state
        case .team(let fields)?:
            guard let state = StoredEntity(team: fields, created: created) else { return nil }
            expected = state
        case nil: expected = approved.state(of: entity)
        }
        let now = latest.state(of: entity)
        guard now.withoutPeople(deleted) != expected.withoutPeople(deleted) else { return nil }
        return expected.differences(to: now)
    }
}

extension PlanOperation {
    /// Whether the operation writes every field of an entity that exists, or deletes it.
    var overwrites: Bool {
        switch payload {
        case .updateUser, .updateTeam, .setJobLevelLimit, .deleteUser, .deleteTeam: return true
        default: return false
        }
    }
}

/// The live entities of one read, by id.
struct LiveIndex {
    let users: [Int: LiveUser]
    let teams: [Int: LiveTeam]
    let levels: [JobLevel: Int]

    init(_ live: LiveState) {
        users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        teams = Dictionary(live.teams.map { ($0.id, $0) }) { first, _ in first }
        levels = Dictionary(live.levels.map { ($0.level, $0.limitMonths) }) { _, last in last }
    }

    func state(of entity: EntityID) -> StoredEntity {
        switch entity {
        case .person(let id): return users[id].map(StoredEntity.init(user:)) ?? .absent
        case .team(let id): return teams[id].map(StoredEntity.init(team:)) ?? .absent
        case .level(let level): return levels[level].map(StoredEntity.level) ?? .absent
        case .newPerson, .newTeam, .member, .newMember: return .absent
        }
    }
}
