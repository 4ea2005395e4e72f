import RosterCore

/// The days an entry is in the space: from its first day (`starts`) through its last
/// (`lastDay`), either open. An entry that states neither is always there.
package struct Presence: Sendable, Equatable {
    /// Where an entry stands on a day.
    package enum Status: Sendable, Equatable {
        /// Its first day is still to come: the plan neither creates it nor touches its live match.
        case pending
        case present
        /// Its last day has passed: the plan deletes its live match.
        case gone
    }

    package var starts: Located<Day>?
    package var lastDay: Located<Day>?

    package init(starts: Located<Day>? = nil, lastDay: Located<Day>? = nil) {
        self.starts = starts
        self.lastDay = lastDay
    }

    /// Whether the entry states a day at all.
    var isDated: Bool { starts != nil || lastDay != nil }

    /// Where the entry stands on `day`; nil: once every date has come (each dated change due).
    package func status(on day: Day?) -> Status {
        guard let day else { return lastDay == nil ? .present : .gone }
        if let starts, day < starts.value { return .pending }
        if let lastDay, lastDay.value < day { return .gone }
        return .present
    }

    /// The days its status changes: its first day, and the day after its last.
    var changeDays: [Day] {
        [starts?.value, lastDay.map { $0.value.adding(days: 1) }].compactMap { $0 }
    }
}
