/// `roster apply --reviewed`: a plan made now of the merged roster, narrowed to what reviewers
/// saw. An entity's change runs when every one of its facts (``ReviewFact``) is among the facts
/// of the plans reviewed, and everything it needs runs too; the rest is held back, each with a
/// warning (``PlanWarning/notReviewed(_:facts:needs:)``) that says why. A person's move is held
/// back whole: a team change held back holds back every team change that moves one of its people,
/// so nobody leaves a team for one they never join, nor joins while still in another.
package enum ReviewCoverage {
    typealias Key = PlanSelection.EntityKey

    /// A change held back: the facts of it no one reviewed, or what it needs that is held back.
    struct HeldBack {
        var change: Change
        var unreviewed: [ReviewFact] = []
        /// A change it needs, or that moves the same people, that is held back.
        var needs: Change?
    }

    /// `plan` narrowed to the entities whose changes were reviewed (`reviewed`, the union of the
    /// reviewed plans' facts) and whose prerequisites and moves run.
    package static func narrow(_ plan: Plan, reviewed: Set<ReviewFact>) -> Plan {
        var narrowing = Narrowing(plan)
        narrowing.holdUnreviewed(reviewed)
        var more = true
        while more { more = narrowing.holdMoves() || narrowing.holdDependents() }
        let heldBack = narrowing.heldBack
        let steps = plan.steps.map { $0.filter { narrowing.kept.contains($0.id) } }.filter { !$0.isEmpty }
        let changes = plan.changes.filter { $0.action == .unmanaged || heldBack[Key($0)] == nil }
        let warnings = plan.changes.compactMap { heldBack[Key($0)] }.map { held in
            PlanWarning.notReviewed(
                PlanWarning.subject(held.change), facts: held.unreviewed.map(\.description),
                needs: held.needs.map(PlanWarning.subject))
        }
        return plan.keeping(steps: steps, changes: changes, adding: warnings)
    }

    /// The changes and operations of a plan, and which are held back so far.
    struct Narrowing {
        let operations: [PlanOperation]
        let byID: [Int: PlanOperation]
        var changeOf: [Key: Change] = [:]
        var heldBack: [Key: HeldBack] = [:]
        /// The operations that run, as the last dependency pass found them.
        var kept = Set<Int>()
        /// Entities held back that the plan lists no change of (none are expected).
        var orphans = Set<Key>()

        init(_ plan: Plan) {
            operations = Array(plan.steps.joined())
            byID = Dictionary(operations.map { ($0.id, $0) }) { first, _ in first }
            for change in plan.changes where change.action != .unmanaged { changeOf[Key(change)] = change }
        }

        /// Holds back each change with a fact no reviewed plan holds.
        mutating func holdUnreviewed(_ reviewed: Set<ReviewFact>) {
            for (key, change) in changeOf {
                let missing = ReviewFact.facts(of: change).filter { !reviewed.contains($0) }
                if !missing.isEmpty { heldBack[key] = HeldBack(change: change, unreviewed: missing) }
            }
        }

        /// Holds back every team change that moves someone a held-back team change moves; true
        /// when it held back one more.
        mutating func holdMoves() -> Bool {
            var moved: [PlannedPerson: Change] = [:]
            for held in heldBack.values where held.change.kind == .team {
                for person in Self.people(movedBy: held.change) { moved[person] = held.change }
            }
            var more = false
            for (key, change) in changeOf where change.kind == .team && heldBack[key] == nil {
                if let other = Self.people(movedBy: change).lazy.compactMap({ moved[$0] }).first {
                    heldBack[key] = HeldBack(change: change, needs: other)
                    more = true
                }
            }
            return more
        }

        /// The operations that run, in order: an entity is held back whole when one of its
        /// operations needs one held back; true when it held back one more.
        mutating func holdDependents() -> Bool {
            var more = false
            var pass = true
            while pass {
                pass = false
                kept = []
                var keptEntities = Set<Key>()
                for op in operations where heldBack[Key(op)] == nil && !orphans.contains(Key(op)) {
                    guard let missing = op.after.first(where: { !kept.contains($0) }) else {
                        kept.insert(op.id)
                        keptEntities.insert(Key(op))
                        continue
                    }
                    if let change = changeOf[Key(op)] {
                        heldBack[Key(op)] = HeldBack(change: change, needs: byID[missing].flatMap { changeOf[Key($0)] })
                        more = true
                    } else {
                        orphans.insert(Key(op))
                    }
                    // An entity held back after one of its operations was kept: decide again.
                    if keptEntities.contains(Key(op)) {
                        pass = true
                        break
                    }
                }
            }
            return more
        }

        /// The people whose team a team change sets: who joins, leaves, leads or stops leading.
        static func people(movedBy change: Change) -> Set<PlannedPerson> {
            var people = Set(change.teamPeople.map(\.person))
            for update in change.updates {
                switch update {
                case .members(let added, let removed): people.formUnion((added + removed).map(\.person))
                case .lead(let from, let to): people.formUnion([from.person, to.person])
                default: break
                }
            }
            return people
        }
    }
}
