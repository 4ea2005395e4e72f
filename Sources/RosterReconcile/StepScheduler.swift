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
    mutating func depend(_ operation: Int, on prerequisite: Int, movingPerson person: String, from: String, to: String) {
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
        var level = [Int](repeating: -1, count: operations.count)
        var broken: [(Edge, (person: String, from: String, to: String))] = []
        var remaining = Set(operations.indices)
        while !remaining.isEmpty {
            var progressed = false
            for index in remaining.sorted() {
                let pre = prerequisites[index]
                guard pre.allSatisfy({ level[$0] >= 0 }) else { continue }
                level[index] = (pre.map { level[$0] }.max() ?? -1) + 1
                remaining.remove(index)
                progressed = true
            }
            if progressed { continue }
            // A cycle: give up the first one-team ordering among the operations left.
            let candidates = moves.keys.filter { remaining.contains($0.from) && remaining.contains($0.to) }
                .sorted { ($0.to, $0.from) < ($1.to, $1.from) }
            guard let edge = candidates.first, let move = moves[edge] else {
                // Not expected: only one-team orderings can form cycles. Run the rest last.
                let base = (level.max() ?? -1) + 1
                for index in remaining.sorted() { level[index] = base }
                break
            }
            prerequisites[edge.to].removeAll { $0 == edge.from }
            moves[edge] = nil
            broken.append((edge, move))
        }
        let count = (level.max() ?? -1) + 1
        var steps = [[PlanOperation]](repeating: [], count: count)
        for (index, var operation) in operations.enumerated() {
            operation.id = index
            operation.after = prerequisites[index].sorted()
            steps[level[index]].append(operation)
        }
        steps = steps.map { step in
            step.sorted {
                let a = PlanOperation.Mutation.allCases.firstIndex(of: $0.mutation) ?? 0
                let b = PlanOperation.Mutation.allCases.firstIndex(of: $1.mutation) ?? 0
                return a != b ? a < b : ($0.name, $0.purpose ?? "") < ($1.name, $1.purpose ?? "")
            }
        }
        let warnings = broken.map { edge, move in
            PlanWarning(step: level[edge.to] + 1,
                        message: "\(move.person) joins team \"\(move.to)\" in step \(level[edge.to] + 1) while still in team \"\(move.from)\" until step \(level[edge.from] + 1): the teams exchange people in a cycle and \"\(move.from)\" has nobody who stays to lead it in between")
        }
        return (steps, warnings)
    }
}
