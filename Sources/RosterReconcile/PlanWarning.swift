import RosterCore

/// Something the reader of a plan must know: a step that breaks the one-team rule, a safety
/// rail the plan exceeds, or an anomaly of the live data.
public struct PlanWarning: Sendable, Equatable {
    /// The 1-based step the warning is about, if any.
    public var step: Int?
    public var message: String

    public init(step: Int?, message: String) {
        self.step = step
        self.message = message
    }
}
