import RosterModel

/// `--only` and `--exclude`: a plan limited to some entities. What a selected operation needs
/// (its prerequisites: the other team of a move, a new lead, the people a new team names) comes
/// along and is marked so; a subset whose prerequisites are excluded is refused with the reason.
public struct PlanSelection: Sendable, Equatable {
    /// One selector: every entity of a kind, or one entity by kind and name.
    public enum Selector: Sendable, Equatable {
        case kind(Change.Kind)
        case entity(Change.Kind, NameKey)

        func matches(_ kind: Change.Kind, _ name: String) -> Bool {
            switch self {
            case .kind(let k): return k == kind
            case .entity(let k, let key): return k == kind && NameKey(name) == key
            }
        }
    }

    public var only: [Selector] = []
    public var exclude: [Selector] = []

    public init() {}

    public var isEmpty: Bool { only.isEmpty && exclude.isEmpty }

    /// Parses `person:NAME`, `team:NAME`, `level:NAME`, `access:EMAIL`, `people`, `teams`,
    /// `levels`, comma-separated; nil with the bad selector when one is not of these forms.
    public static func parse(_ text: String) -> Result<[Selector], SelectionError> {
        var selectors: [Selector] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let plurals: [String: Change.Kind] = [
                "people": .person, "teams": .team, "levels": .level, "access": .access,
            ]
            if let kind = plurals[part] {
                selectors.append(.kind(kind))
                continue
            }
            let pieces = part.split(separator: ":", maxSplits: 1).map(String.init)
            guard pieces.count == 2, let kind = Change.Kind(rawValue: pieces[0]), !pieces[1].isEmpty else {
                return .failure(
                    SelectionError(
                        message: "`\(part)` is not a selector; use person:NAME, team:NAME, "
                            + "level:NAME, access:EMAIL, people, teams, levels or access"))
            }
            selectors.append(.entity(kind, NameKey(kind == .access ? pieces[1].lowercased() : pieces[1])))
        }
        return .success(selectors)
    }

    func selects(_ kind: Change.Kind, _ name: String) -> Bool {
        let key = kind == .access ? name.lowercased() : name
        if exclude.contains(where: { $0.matches(kind, key) }) { return false }
        return only.isEmpty || only.contains { $0.matches(kind, key) }
    }

    /// `plan` limited to the selection, its prerequisites brought along.
    public func apply(to plan: Plan) throws(SelectionError) -> Plan {
        guard !isEmpty else { return plan }
        let operations = Array(plan.steps.joined())
        let byID = Dictionary(operations.map { ($0.id, $0) }) { first, _ in first }
        var kept = Set(operations.filter { selects($0.kind, $0.name) }.map(\.id))
        let chosen = kept
        var queue = Array(kept)
        while let id = queue.popLast() {
            for prerequisite in byID[id]?.after ?? [] where !kept.contains(prerequisite) {
                guard let needed = byID[prerequisite] else { continue }
                if exclude.contains(where: {
                    $0.matches(needed.kind, needed.kind == .access ? needed.name.lowercased() : needed.name)
                }) {
                    let op = byID[id].map { ReportWording.subject($0) } ?? "an operation"
                    throw SelectionError(
                        message: "\(op) needs \(ReportWording.subject(needed)) first (to keep one team per person and "
                            + "every team led), which --exclude leaves out; select both or neither")
                }
                kept.insert(prerequisite)
                queue.append(prerequisite)
            }
        }
        var subset = plan
        subset.steps = plan.steps.map { $0.filter { kept.contains($0.id) } }.filter { !$0.isEmpty }
        let brought = operations.filter { kept.contains($0.id) && !chosen.contains($0.id) }
        subset.changes = plan.changes.compactMap { change in
            let ops = operations.filter { kept.contains($0.id) && Self.change(change, isOf: $0) }
            guard !ops.isEmpty || (change.action == .unmanaged && selects(change.kind, change.name)) else { return nil }
            var change = change
            if ops.allSatisfy({ $0.role == .release }) && !ops.isEmpty {
                // Only the release comes along: the team lets people go and takes nobody in.
                change.membersAdded = []
                change.note = "only its release, which the selection needs"
            } else if brought.contains(where: { Self.change(change, isOf: $0) }) {
                change.note = "needed by the selection"
            }
            return change
        }
        return subset
    }

    /// Whether `change` describes the entity `operation` acts on.
    static func change(_ change: Change, isOf operation: PlanOperation) -> Bool {
        guard change.kind == operation.kind else { return false }
        if let id = change.id, let live = operation.entity.liveID { return id == live }
        if let authID = change.authID, case .member(let member) = operation.entity { return authID == member }
        return change.id == nil && change.authID == nil && NameKey(change.name) == NameKey(operation.name)
    }
}
