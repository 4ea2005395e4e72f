import RosterCore

/// A time-in-level limit of the space.
package struct LevelLimitEntry: Sendable {
    package var level: JobLevel
    package var limitMonths: Int
    package var location: SourceLocation

    package init(level: JobLevel, limitMonths: Int, location: SourceLocation) {
        self.level = level
        self.limitMonths = limitMonths
        self.location = location
    }
}
