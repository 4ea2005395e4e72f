import RosterCore

/// The `maxDeletes` safety rail: a count, or a share of the live total of a kind.
package enum DeleteLimit: Hashable, Sendable, CustomStringConvertible {
    case count(Int)
    case percent(Double)

    /// The most deletes of a kind allowed when the space has `total` of that kind live.
    /// A share is rounded down but never below 1.
    package func allowed(ofLiveTotal total: Int) -> Int {
        switch self {
        case .count(let n): return n
        case .percent(let p): return max(1, Int((Double(total) * p / 100).rounded(.down)))
        }
    }

    /// How the plan and apply word deletes past the limit: `the plan deletes 3 of 10 people,
    /// past policy.maxDeletes (2)`; `what` says what the plan deletes.
    package func past(_ what: String) -> String { "the plan \(what), past policy.maxDeletes (\(self))" }

    package var description: String {
        switch self {
        case .count(let n): return "\(n)"
        case .percent(let p): return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        }
    }
}
