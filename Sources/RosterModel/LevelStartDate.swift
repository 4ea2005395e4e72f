import RosterCore

/// What a roster says about a person's level start date.
package enum LevelStartDate: Hashable, Sendable {
    /// The field is absent: leave the live value alone.
    case unmanaged
    /// `null`: clear the live value.
    case clear
    /// A day, written `YYYY-MM-DD`.
    case date(Day)
}
