import RosterModel

/// `--only` and `--exclude`: a plan limited to some entities. What a selected operation needs
/// (its prerequisites: the other team of a move, a new lead, the people a new team names) comes
/// along and is marked so; a subset whose prerequisites are excluded is refused with the reason.
package struct PlanSelection: Sendable, Equatable {
    /// One selector: every entity of a kind, or one entity by kind and name.
    package enum Selector: Sendable, Equatable {
        case kind(Change.Kind)
        case entity(Change.Kind, NameKey)

        func matches(_ kind: Change.Kind, _ name: String) -> Bool {
            switch self {
            case .kind(let k): return k == kind
            case .entity(let k, let key): return k == kind && NameKey(name) == key
            }
        }
    }

    package var only: [Selector] = []
    package var exclude: [Selector] = []

    package init() {}

    var isEmpty: Bool { only.isEmpty && exclude.isEmpty }

    /// Parses `person:NAME`, `team:NAME`, `level:NAME`, `access:EMAIL`, `people`, `teams`,
    /// `levels`, comma-separated; nil with the bad selector when one is not of these forms.
    package static func parse(_ text: String) -> Result<[Selector], SelectionError> {
        var selectors: [Selector] = []
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
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

    /// Every kind of entity by its plural selector.
    static let plurals: [String: Change.Kind] = [
        "people": .person, "teams": .team, "levels": .level, "access": .access,
    ]

    /// The selector forms, as completion offers them: the plurals, then each `KIND:` prefix.
    package static let forms =
        ["people", "teams", "levels", "access"] + ["person", "team", "level", "access"].map { $0 + ":" }

    func excludes(_ kind: Change.Kind, _ name: String) -> Bool {
        let key = kind == .access ? name.lowercased() : name
        return exclude.contains { $0.matches(kind, key) }
    }

    func selects(_ kind: Change.Kind, _ name: String) -> Bool {
        let key = kind == .access ? name.lowercased() : name
        return !excludes(kind, name) && (only.isEmpty || only.contains { $0.matches(kind, key) })
    }

    /// The roster to plan for a selection of people: its teams focused on them.
    package struct Focus: Sendable {
        package var roster: Roster
        /// The teams whose updates move the selected people (and those who come along).
        var teams: Set<NameKey>
        /// Who came along, and why: said in the plan.
        var along: [PlanWarning]
    }

    /// The roster to plan for this selection: when it names people, its teams focused on them
    /// (``PeopleFocus``), with the teams whose updates then move them; else the roster as it is.
    /// An excluded person a kept story needs (the lead of a new team it joins) is an error.
    package func focus(_ roster: Roster, live: LiveState) throws(SelectionError) -> Focus {
        try PeopleFocus(self, roster: roster, live: live)?.focused() ?? Focus(roster: roster, teams: [], along: [])
    }

    /// `plan` limited to the selection, its prerequisites brought along; the operations of
    /// `focus`'s teams come too, and who came along with them is said.
    package func apply(to plan: Plan, focus: Focus? = nil) throws(SelectionError) -> Plan {
        guard !isEmpty else { return plan }
        let teams = focus?.teams ?? []
        let operations = Array(plan.steps.joined())
        let chosen = Set(
            operations.filter {
                selects($0.kind, $0.name) || ($0.kind == .team && teams.contains(NameKey($0.name)))
            }.map(\.id))
        let kept = try withPrerequisites(chosen, of: operations)
        let steps = plan.steps.map { $0.filter { kept.contains($0.id) } }.filter { !$0.isEmpty }
        // The kept operations of each entity, found again from its change in one lookup.
        var keptOf: [EntityKey: [PlanOperation]] = [:]
        for op in operations where kept.contains(op.id) { keptOf[EntityKey(op), default: []].append(op) }
        let changes = plan.changes.compactMap { change -> Change? in
            let ops = keptOf[EntityKey(change)] ?? []
            guard !ops.isEmpty || (change.action == .unmanaged && selects(change.kind, change.name)) else { return nil }
            var change = change
            if !ops.isEmpty && ops.allSatisfy({ $0.role == .release }) {
                // Only the release comes along: the team lets people go and takes nobody in.
                change.updates = change.updates.map { update in
                    guard case .members(_, let removed) = update else { return update }
                    return .members(added: [], removed: removed)
                }
                change.note = "only its release, which the selection needs"
            } else if ops.contains(where: { !chosen.contains($0.id) }) {
                change.note = "needed by the selection"
            }
            return change
        }
        var narrowed = plan.keeping(steps: steps, changes: changes, adding: focus?.along ?? [])
        narrowed.scheduled = plan.scheduled.filter { selects($0.change.kind, $0.change.name) }
        return narrowed
    }

    /// One message for each `KIND:NAME` selector that names no roster entry and no live
    /// entity: it would select nothing, and a plan that says "no changes" because of a typo
    /// passes a CI check.
    package func unmatched(roster: Roster, live: LiveState) -> [String] {
        var out: [String] = []
        for (option, selectors) in [("--only", only), ("--exclude", exclude)] {
            for case .entity(let kind, let key) in selectors {
                let names = Self.names(of: kind, roster: roster, live: live)
                guard !names.contains(where: { NameKey(kind == .access ? $0.lowercased() : $0) == key }) else {
                    continue
                }
                let hint = Suggestions.nearest(to: key.value, among: names).map {
                    "; did you mean `\(kind.rawValue):\($0)`?"
                }
                out.append(
                    "\(option): `\(kind.rawValue):\(key.value)` names no \(kind.rawValue) of the roster or the "
                        + "live space" + (hint ?? ""))
            }
        }
        return out
    }

    /// Every name a selector of `kind` may match: the roster's entries and the live entities.
    static func names(of kind: Change.Kind, roster: Roster, live: LiveState) -> [String] {
        switch kind {
        case .person: return roster.people.map(\.name.value) + live.users.map(\.name)
        case .team: return roster.teams.map(\.name.value) + live.teams.map(\.name)
        case .level: return JobLevel.allCases.map(\.rawValue)
        case .access: return (roster.access?.members.map(\.value) ?? []) + (live.members?.map(\.email) ?? [])
        }
    }

    /// The chosen operations and every operation they need first; an error when one needed is
    /// excluded.
    private func withPrerequisites(
        _ chosen: Set<Int>, of operations: [PlanOperation]
    ) throws(SelectionError) -> Set<Int> {
        let byID = Dictionary(operations.map { ($0.id, $0) }) { first, _ in first }
        var kept = chosen
        var queue = Array(kept)
        while let id = queue.popLast() {
            for prerequisite in byID[id]?.after ?? [] where !kept.contains(prerequisite) {
                guard let needed = byID[prerequisite] else { continue }
                if excludes(needed.kind, needed.name) {
                    let op = byID[id].map { ReportWording.subject($0) } ?? "an operation"
                    throw SelectionError(
                        message: "\(op) needs \(ReportWording.subject(needed)) first (to keep one team per person and "
                            + "every team led), which --exclude leaves out; select both or neither")
                }
                kept.insert(prerequisite)
                queue.append(prerequisite)
            }
        }
        return kept
    }

    /// An entity as both a change and an operation name it: its live id, its member's auth id,
    /// or (a new one) its kind and name.
    enum EntityKey: Hashable {
        case live(Change.Kind, Int)
        case member(String)
        case named(Change.Kind, NameKey)

        init(_ change: Change) {
            if let id = change.id {
                self = .live(change.kind, id)
            } else if let authID = change.authID {
                self = .member(authID)
            } else {
                self = .named(change.kind, NameKey(change.name))
            }
        }

        init(_ operation: PlanOperation) {
            if let id = operation.entity.liveID {
                self = .live(operation.kind, id)
            } else if case .member(let authID) = operation.entity {
                self = .member(authID)
            } else {
                self = .named(operation.kind, NameKey(operation.name))
            }
        }
    }
}

/// A selection that cannot be made: the reason, in the user's words.
package struct SelectionError: Error, Sendable, Equatable {
    package var message: String
}
