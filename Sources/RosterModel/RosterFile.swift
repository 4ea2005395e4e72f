import RosterCore

/// What one file of a roster says, before files are merged and cross-checked.
public struct RosterFile: Sendable {
    public var path: String
    public var version: Located<Int>?
    public var space: Located<String>?
    public var people: [PersonEntry] = []
    public var teams: [TeamEntry] = []
    public var levels: [LevelLimitEntry] = []
    public var policy: Policy?
    public var access: AccessPolicy?
    public var rules: Rules?

    public init(path: String) {
        self.path = path
    }
}
