import RosterCore

/// A time-in-level limit of the space.
public struct LevelLimitEntry: Sendable {
    public var level: JobLevel
    public var limitMonths: Int
    public var location: SourceLocation

    public init(level: JobLevel, limitMonths: Int, location: SourceLocation) {
        self.level = level
        self.limitMonths = limitMonths
        self.location = location
    }
}
