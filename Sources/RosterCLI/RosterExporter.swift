import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterRender
import RosterYAML

/// Builds the roster document of a live space: people and teams sorted by name, members too,
/// ids pinned where live names repeat.
struct RosterExporter {
    let live: LiveState
    let pinSpace: Bool
    var warnings: [String] = []

    init(live: LiveState, pinSpace: Bool) {
        self.live = live
        self.pinSpace = pinSpace
    }

    /// A name as the roster writes it: trimmed (the server keeps edge white space; keys ignore it).
    static func clean(_ name: String) -> String { name.trimmingCharacters(in: .whitespacesAndNewlines) }

    mutating func document() -> YAMLValue {
        var root: [(String, YAMLValue)] = [("version", .token("1"))]
        if pinSpace { root.append(("space", .string(live.space.id))) }
        root.append(("people", .sequence(people(), flow: false)))
        root.append(("teams", .sequence(teams(), flow: false)))
        if !live.levels.isEmpty {
            let levels = live.levels.sorted { $0.level < $1.level }.map {
                ($0.level.rawValue, YAMLValue.mapping([("limitMonths", .token(String($0.limitMonths)))], flow: true))
            }
            root.append(("levels", .mapping(levels, flow: false)))
        }
        // Access is written for the caller's own space (the only one whose members MPS tells).
        if live.space.isOwner, let members = live.members, !members.isEmpty {
            let emails = members.map(\.email).sorted().map(YAMLValue.string)
            root.append(("access", .mapping([("members", .sequence(emails, flow: false))], flow: false)))
        }
        var teamsOf: [Int: Int] = [:]
        for t in live.teams { for id in t.memberSet { teamsOf[id, default: 0] += 1 } }
        if teamsOf.values.contains(where: { $0 > 1 }) {
            warnings.append(
                "some people are in more than one team; the export sets `oneTeamPerPerson: false` to describe the "
                    + "space as it is")
            root.append(("policy", .mapping([("oneTeamPerPerson", .token("false"))], flow: false)))
        }
        return .mapping(root, flow: false)
    }

    /// How many live entities share each name key: those get their `id` pinned.
    private static func counts(_ keys: [NameKey]) -> [NameKey: Int] {
        keys.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    private mutating func people() -> [YAMLValue] {
        let nameCount = Self.counts(live.users.map(\.key))
        var people: [YAMLValue] = []
        for u in live.users.sorted(by: { ($0.key, $0.id) < ($1.key, $1.id) }) {
            var fields: [(String, YAMLValue)] = [("name", .string(Self.clean(u.name)))]
            if (nameCount[u.key] ?? 0) > 1 { fields.append(("id", .token(String(u.id)))) }
            fields += [
                ("craft", .token(u.craft.rawValue)), ("level", .token(u.level.rawValue)),
                ("focus", .token(u.focus.rawValue)),
            ]
            if let date = u.levelStartDate {
                if CalendarDate.check(date) == .valid {
                    fields.append(("levelStartDate", .token(date)))
                } else {
                    warnings.append(
                        "\(u.name) (#\(u.id)) has the level start date \"\(date)\", which is not a YYYY-MM-DD date; "
                            + "left out (the roster leaves it alone)")
                }
            }
            people.append(.mapping(fields, flow: true))
        }
        return people
    }

    private func teams() -> [YAMLValue] {
        let nameCount = Self.counts(live.users.map(\.key))
        let teamNameCount = Self.counts(live.teams.map(\.key))
        let users = Dictionary(live.users.map { ($0.id, $0) }) { first, _ in first }
        func reference(_ id: Int) -> String {
            guard let u = users[id] else { return "#\(id)" }
            return (nameCount[u.key] ?? 0) > 1 ? "\(Self.clean(u.name)) (#\(id))" : Self.clean(u.name)
        }
        return live.teams.sorted(by: { ($0.key, $0.id) < ($1.key, $1.id) }).map { t in
            var fields: [(String, YAMLValue)] = [("name", .string(Self.clean(t.name)))]
            if (teamNameCount[t.key] ?? 0) > 1 { fields.append(("id", .token(String(t.id)))) }
            fields.append(("lead", .string(reference(t.leadID))))
            let members = t.memberSet.subtracting([t.leadID]).map(reference).sorted()
            fields.append(("members", .sequence(members.map(YAMLValue.string), flow: true)))
            return .mapping(fields, flow: false)
        }
    }

    func json(_ value: YAMLValue) -> JSONValue {
        switch value {
        case .string(let s): return .string(s)
        case .token(let s):
            if let i = Int(s) { return .int(i) }
            if s == "true" || s == "false" { return .bool(s == "true") }
            return .string(s)
        case .sequence(let items, _): return .array(items.map(json))
        case .mapping(let pairs, _): return .object(pairs.map { ($0.0, json($0.1)) })
        }
    }
}
