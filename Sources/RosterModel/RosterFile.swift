import RosterCore

/// What one file of a roster says, before files are merged and cross-checked.
package struct RosterFile: Sendable {
    package var path: String
    package var version: Located<Int>?
    package var space: Located<String>?
    package var people: [PersonEntry] = []
    package var teams: [TeamEntry] = []
    package var levels: [LevelLimitEntry] = []
    package var policy: Policy?
    package var access: AccessPolicy?
    package var rules: Rules?
    /// The people's name table, when the decoder built it while the file was still loading
    /// (large files, where that work overlaps libyaml's parsing on the other thread).
    var peopleTable: NameTableBuilder?

    package init(path: String) {
        self.path = path
    }
}
