import RosterModel

/// A person an operation refers to: one that exists, or one an earlier step creates.
package enum PlannedPerson: Hashable, Sendable {
    case live(Int)
    /// The roster person at this index, created by an earlier step.
    case created(Int)
}
