import RosterCore

/// A change a person states for a day, under their `changes:`: from that day on, their level is
/// this one, started that day. The entry's own `level` and `levelStartDate` are what the person is
/// until then, so the roster says the level on every day, before the change as after it.
package struct PersonChange: Sendable {
    package var on: Located<Day>
    package var level: Located<JobLevel>
    /// Where the change starts.
    var location: SourceLocation

    package init(on: Located<Day>, level: Located<JobLevel>, location: SourceLocation) {
        self.on = on
        self.level = level
        self.location = location
    }
}
