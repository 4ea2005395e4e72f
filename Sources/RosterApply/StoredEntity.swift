import RosterModel
import RosterReconcile

/// Everything the server keeps of one entity that a full replacement would write, its people by
/// id (a saved plan's fingerprint shows them by name, which apply's own renames would change).
enum StoredEntity: Equatable {
    /// A person: every field `updateUser` writes.
    case person(PersonValues)
    /// A team: its people as a set, the lead included (the server appends the lead).
    case team(name: String, lead: Int, members: Set<Int>)
    case level(Int)
    case absent

    init(user: LiveUser) {
        self = .person(PersonValues(user))
    }

    init(team: LiveTeam) {
        self = .team(name: team.name, lead: team.leadID, members: team.memberSet)
    }

    /// A team as `fields` wrote it; nil while a person it names has no known id.
    init?(team fields: TeamValues, created: [Int: Int]) {
        func id(_ ref: PlannedPerson) -> Int? {
            switch ref {
            case .live(let id): return id
            case .created(let index): return created[index]
            }
        }
        guard let lead = id(fields.lead) else { return nil }
        var members = Set<Int>()
        for ref in fields.members {
            guard let member = id(ref) else { return nil }
            members.insert(member)
        }
        members.insert(lead)
        self = .team(name: fields.name, lead: lead, members: members)
    }

    /// This state with `people` gone from a team's members: apply deleted them, and the server
    /// removed their memberships with them.
    func withoutPeople(_ people: Set<Int>) -> StoredEntity {
        guard case .team(let name, let lead, let members) = self, !people.isEmpty else { return self }
        return .team(name: name, lead: lead, members: members.subtracting(people))
    }

    /// `level Staff → Principal, levelStartDate none → 2025-01-01`, as a plan words it.
    func differences(to now: StoredEntity) -> String {
        switch (self, now) {
        case (.absent, _): return "it was added by another writer"
        case (_, .absent): return "it was deleted by another writer"
        case let (.person(a), .person(b)):
            return PersonField.all.compactMap {
                Self.field($0.key.rawValue, a.text($0) ?? "none", b.text($0) ?? "none")
            }.joined(separator: ", ")
        case let (.team(n1, lead1, m1), .team(n2, lead2, m2)):
            let added = m2.subtracting(m1).sorted().map { "+ #\($0)" }
            let removed = m1.subtracting(m2).sorted().map { "− #\($0)" }
            return [
                Self.field("name", n1, n2), Self.field("lead", "#\(lead1)", "#\(lead2)"),
                added.isEmpty && removed.isEmpty ? nil : "members: " + (added + removed).joined(separator: ", "),
            ].compactMap { $0 }.joined(separator: ", ")
        case let (.level(a), .level(b)): return "limitMonths \(a) → \(b)"
        default: return "it changed"
        }
    }

    private static func field(_ name: String, _ before: String, _ after: String) -> String? {
        before == after ? nil : "\(name) \(before) → \(after)"
    }
}
