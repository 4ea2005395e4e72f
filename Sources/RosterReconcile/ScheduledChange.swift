import RosterModel

/// A change the roster dates after the plan's day: shown under "Scheduled", applied by the first
/// plan made on or after its day (docs/decisions.md, "Changes that take effect on a date").
package struct ScheduledChange: Sendable {
    /// The day it takes effect.
    package var on: Day
    /// What will change then, worded as a plan words a change.
    package var change: Change

    init(on day: Day, change: Change) {
        self.on = day
        self.change = change
    }

    /// The change as two versions of a roster would both say it (its day, what it does, to whom,
    /// by name, and how): a history tells a dated change as decided only where this first appears.
    /// Ids are left out: a version that pins nobody numbers its new entries by position.
    package var words: String {
        let c = change
        return "\(on)|\(c.action)|\(c.kind)|\(c.name)|\(c.updates)|\(c.before.pairs)|\(c.after.pairs)|"
            + "\(c.lastDay.map(\.description) ?? "")"
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
