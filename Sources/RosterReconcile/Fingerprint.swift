import MPSClient
import RosterModel

/// What a plan read: a hash of every live person, team and level limit the roster manages
/// (everything but `policy.ignore`), so a saved plan can tell whether the space has changed
/// since, and name what did.
public struct Fingerprint: Sendable, Equatable {
    /// `person:ID`, `team:ID`, `level:NAME` → the hash of that entity's managed fields.
    public var entities: [String: String]
    /// The hash over all entities: `sha256:…`.
    public var digest: String

    public init(live: LiveState, ignoredUsers: Set<Int>, ignoredTeams: Set<Int>) {
        var entities: [String: String] = [:]
        for u in live.users where !ignoredUsers.contains(u.id) {
            entities["person:\(u.id)"] = SHA256.hex([u.name, u.craft.rawValue, u.level.rawValue, u.focus.rawValue, u.levelStartDate ?? "\u{0}"].joined(separator: "\u{1F}"))
        }
        for t in live.teams where !ignoredTeams.contains(t.id) {
            entities["team:\(t.id)"] = SHA256.hex(([t.name, String(t.leadID)] + t.memberIDs.sorted().map(String.init)).joined(separator: "\u{1F}"))
        }
        for l in live.levels {
            entities["level:\(l.level.rawValue)"] = SHA256.hex(String(l.limitMonths))
        }
        self.entities = entities
        var hasher = SHA256()
        for key in entities.keys.sorted() {
            hasher.update(key)
            hasher.update("=")
            hasher.update(entities[key] ?? "")
            hasher.update("\n")
        }
        digest = "sha256:" + hasher.hexDigest()
    }

    public init(entities: [String: String], digest: String) {
        self.entities = entities
        self.digest = digest
    }

    /// What differs from `other` (taken now): entities changed, added or gone, sorted.
    public func differences(from other: Fingerprint) -> [String] {
        var out: [String] = []
        for key in Set(entities.keys).union(other.entities.keys).sorted() {
            switch (entities[key], other.entities[key]) {
            case (nil, _?): out.append("\(key) is new")
            case (_?, nil): out.append("\(key) is gone")
            case let (a?, b?) where a != b: out.append("\(key) changed")
            default: break
            }
        }
        return out
    }
}
