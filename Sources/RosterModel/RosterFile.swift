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
    /// The people's name table, when the decoder built it while the file was still loading
    /// (large files, where that work overlaps libyaml's parsing on the other thread).
    var peopleTable: NameTableBuilder?

    public init(path: String) {
        self.path = path
    }
}
