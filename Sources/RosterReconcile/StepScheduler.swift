import RosterModel

/// Orders operations into steps: an operation runs in the step after the last of the
/// operations it depends on. When one-team orderings form a cycle, the scheduler drops one of
/// them and says which step puts someone in two teams, and why.
struct StepScheduler {
    private var operations: [PlanOperation] = []
    private var prerequisites: [[Int]] = []
    /// Breakable edges: a person joining a team only after leaving another.
    private var moves: [Edge: (person: String, from: String, to: String)] = [:]
    /// People created by each createUser operation, to order team operations after them.
    private var creators: [Int: Int] = [:]

    private struct Edge: Hashable {
        var from: Int
        var to: Int
    }

    @discardableResult
    mutating func add(_ operation: PlanOperation) -> Int {
        let index = operations.count
        operations.append(operation)
        prerequisites.append([])
        if case .createUser(let rosterIndex, _) = operation.payload { creators[rosterIndex] = index }
        return index
    }

    /// `operation` runs in a later step than `prerequisite`.
    mutating func depend(_ operation: Int, on prerequisite: Int) {
        guard operation != prerequisite, !prerequisites[operation].contains(prerequisite) else { return }
        prerequisites[operation].append(prerequisite)
    }

    /// A one-team ordering: `person` leaves team `from` (by `prerequisite`) before joining `to`.
    mutating func depend(_ operation: Int, on prerequisite: Int, movingPerson person: String, from: String, to: String)
    {
        depend(operation, on: prerequisite)
        moves[Edge(from: prerequisite, to: operation)] = (person, from, to)
    }

    /// The operations in steps, and the warnings for orderings that had to be given up.
    mutating func steps() -> ([[PlanOperation]], [PlanWarning]) {
        // People are created before the team operations that name them.
        for (index, operation) in operations.enumerated() {
            for case .created(let rosterIndex) in operation.people {
                if let creator = creators[rosterIndex] { depend(index, on: creator) }
            }
        }
        let (level, broken) = levels()
        let count = (level.max() ?? -1) + 1
        var buckets = [[Int]](repeating: [], count: count)
        for index in operations.indices { buckets[level[index]].append(index) }
        let warnings = broken.map { edge, move in
            PlanWarning.oneTeamBroken(
                person: move.person, from: move.from, to: move.to, step: level[edge.to] + 1, until: level[edge.from] + 1
            )
        }
        return (ordered(buckets), warnings)
    }

    /// Each operation's step (Kahn's algorithm: one past its latest prerequisite's), and the
    /// one-team orderings given up to break cycles.
    private mutating func levels() -> ([Int], [(Edge, (person: String, from: String, to: String))]) {
        var level = [Int](repeating: -1, count: operations.count)
        var waiting = prerequisites.map { $0.count }
        var dependents = [[Int]](repeating: [], count: operations.count)
        for (index, pre) in prerequisites.enumerated() {
            for p in pre { dependents[p].append(index) }
        }
        var ready = operations.indices.filter { waiting[$0] == 0 }
        var leveled = 0
        var broken: [(Edge, (person: String, from: String, to: String))] = []
        while true {
            while let index = ready.popLast() {
                level[index] = (prerequisites[index].map { level[$0] }.max() ?? -1) + 1
                leveled += 1
                for d in dependents[index] {
                    waiting[d] -= 1
                    if waiting[d] == 0 { ready.append(d) }
                }
            }
            guard leveled < operations.count else { break }
            // A cycle: give up the first one-team ordering among the operations left.
            let candidates = moves.keys.filter { level[$0.from] < 0 && level[$0.to] < 0 }
                .sorted { ($0.to, $0.from) < ($1.to, $1.from) }
            guard let edge = candidates.first, let move = moves[edge] else {
                // Not expected: only one-team orderings can form cycles. Run the rest last.
                let base = (level.max() ?? -1) + 1
                for index in operations.indices where level[index] < 0 { level[index] = base }
                break
            }
            prerequisites[edge.to].removeAll { $0 == edge.from }
            dependents[edge.from].removeAll { $0 == edge.to }
            waiting[edge.to] -= 1
            if waiting[edge.to] == 0 { ready.append(edge.to) }
            moves[edge] = nil
            broken.append((edge, move))
        }
        return (level, broken)
    }

    /// The operations of each step in order: by mutation, then by name, then by role.
    /// Indices are sorted, not the operations, which are large to move.
    private func ordered(_ buckets: [[Int]]) -> [[PlanOperation]] {
        let ranks = operations.map { PlanOperation.Mutation.allCases.firstIndex(of: $0.mutation) ?? 0 }
        let order = NameOrder(count: operations.count) { operations[$0].name }
        return buckets.map { bucket in
            bucket.sorted { a, b in
                if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
                let byName = order.compare(a, b)
                if byName != 0 { return byName < 0 }
                return operations[a].role == .final && operations[b].role == .release
            }.map { index in
                var operation = operations[index]
                operation.id = index
                operation.after = prerequisites[index].sorted()
                return operation
            }
        }
    }
}
