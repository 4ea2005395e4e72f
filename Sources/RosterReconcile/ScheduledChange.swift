import RosterModel

/// A change the roster dates after the plan's day: shown under "Scheduled", applied by the first
/// plan made on or after its day (docs/decisions.md, "Changes that take effect on a date").
package struct ScheduledChange: Sendable {
    /// The day it takes effect.
    var on: Day
    /// What will change then, worded as a plan words a change.
    var change: Change

    init(on day: Day, change: Change) {
        self.on = day
        self.change = change
    }
}

extension Plan {
    /// The days the plan schedules changes for, in order, each with its changes.
    package var scheduledDays: [(day: Day, changes: [Change])] {
        var days: [(day: Day, changes: [Change])] = []
        for item in scheduled {
            if days.last?.day == item.on {
                days[days.count - 1].changes.append(item.change)
            } else {
                days.append((item.on, [item.change]))
            }
        }
        return days
    }
}
