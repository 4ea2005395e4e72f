import RosterCore
import RosterModel

/// What a plan read: every live person, team and level limit the roster manages (everything
/// but `policy.ignore`), field by field, and a hash over them all. A saved plan keeps both, so
/// applying it can tell whether the space changed since, and say what changed in the plan's
/// own words.
package struct Fingerprint: Sendable, Equatable {
    /// Each managed live entity as the plan read it.
    var entities: [EntityID: EntitySnapshot]
    /// The hash over all entities: `sha256:…`.
    package var digest: String

    /// The fingerprint of `live`'s managed entities; `only` narrows it to some of them.
    init(
        live: LiveState, ignoredUsers: Set<Int>, ignoredTeams: Set<Int>, members: Bool = false,
        only: Set<EntityID>? = nil
    ) {
        var names: [Int: String] = Dictionary(minimumCapacity: live.users.count)
        for user in live.users { names[user.id] = user.name }
        func person(_ id: Int) -> String { "\(names[id] ?? "?") (#\(id))" }
        func kept(_ entity: EntityID) -> Bool { only?.contains(entity) ?? true }
        var entities: [EntityID: EntitySnapshot] = Dictionary(minimumCapacity: live.users.count + live.teams.count)
        for u in live.users where !ignoredUsers.contains(u.id) && kept(.person(u.id)) {
            let fields = PersonValues(u)
            entities[.person(u.id)] = EntitySnapshot(
                name: u.name,
                fields: PersonField.all.filter { $0 != .name }.map { ($0.key.rawValue, fields.text($0) ?? "none") }
            )
        }
        for t in live.teams where !ignoredTeams.contains(t.id) && kept(.team(t.id)) {
            let members = t.memberSet.sorted().map(person).joined(separator: ", ")
            let fields = TeamField.allCases.compactMap { field -> (String, String)? in
                switch field {
                case .name: nil
                case .lead: (field.key.rawValue, person(t.leadID))
                case .members: (field.key.rawValue, members)
                }
            }
            entities[.team(t.id)] = EntitySnapshot(name: t.name, fields: fields)
        }
        for l in live.levels where kept(.level(l.level)) {
            entities[.level(l.level)] = EntitySnapshot(
                name: l.level.rawValue, fields: [("limitMonths", String(l.limitMonths))])
        }
        for m in members ? live.members ?? [] : [] where kept(.member(m.authID)) {
            entities[.member(m.authID)] = EntitySnapshot(name: m.email, fields: [("name", m.name)])
        }
        self.init(entities: entities)
    }

    /// A fingerprint of `entities` (as a saved plan holds them).
    init(entities: [EntityID: EntitySnapshot]) {
        self.entities = entities
        var hasher = SHA256()
        for (key, snapshot) in entities.map({ ($0.key.savedKey, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            hasher.update(key)
            hasher.update("=")
            hasher.update(snapshot.name)
            for field in snapshot.fields {
                hasher.update("\u{1F}\(field.name)\u{1E}\(field.value)")
            }
            hasher.update("\n")
        }
        digest = "sha256:" + hasher.hexDigest()
    }

    /// What changed in the space since this fingerprint was taken, `now` being the present one:
    /// `person "David Kim" (#4): level Junior → Mid since the plan was saved` (`when` says since what).
    package func changes(since now: Fingerprint, when: String = "since the plan was saved") -> [String] {
        var out: [String] = []
        for key in Set(entities.keys).union(now.entities.keys).sorted(by: { $0.savedKey < $1.savedKey }) {
            switch (entities[key], now.entities[key]) {
            case (nil, let added?):
                out.append("\(key.kind) \"\(added.name)\"\(key.idSuffix) was added \(when)")
            case (let gone?, nil):
                out.append("\(key.kind) \"\(gone.name)\"\(key.idSuffix) was deleted \(when)")
            case (let then?, let current?) where then != current:
                out.append(
                    "\(key.kind) \"\(then.name)\"\(key.idSuffix): \(then.differences(to: current)) \(when)"
                )
            default: break
            }
        }
        return out
    }
}

extension EntityID {
    /// The entity's key in a saved plan: `person:4`, `team:2`, `level:Mid`.
    var savedKey: String {
        switch self {
        case .person(let id): return "person:\(id)"
        case .team(let id): return "team:\(id)"
        case .level(let level): return "level:\(level.rawValue)"
        case .newPerson(let index): return "new-person:\(index)"
        case .newTeam(let index): return "new-team:\(index)"
        case .member(let authID): return "access:\(authID)"
        case .newMember(let email): return "new-access:\(email)"
        }
    }

    /// The entity a saved plan's key names.
    init?(savedKey: String) {
        let parts = savedKey.split(separator: ":", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "person": guard let id = Int(parts[1]) else { return nil }; self = .person(id)
        case "team": guard let id = Int(parts[1]) else { return nil }; self = .team(id)
        case "level": self = .level(JobLevel(server: parts[1]))
        case "access": self = .member(parts[1])
        default: return nil
        }
    }

    var kind: String {
        switch self {
        case .person, .newPerson: return "person"
        case .team, .newTeam: return "team"
        case .level: return "level"
        case .member, .newMember: return "access"
        }
    }

    var idSuffix: String { liveID.map { " (#\($0))" } ?? "" }
}
