import RosterCore

/// Something the reader of a plan must know: a step that breaks the one-team rule, a safety
/// rail the plan exceeds, or an anomaly of the live data.
package struct PlanWarning: Sendable, Equatable {
    /// The 1-based step the warning is about, if any.
    package var step: Int?
    package var message: String

    package init(step: Int?, message: String) {
        self.step = step
        self.message = message
    }
}
