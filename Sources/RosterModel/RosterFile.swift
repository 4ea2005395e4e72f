import RosterCore

/// What one file of a roster says, before files are merged and cross-checked.
package struct RosterFile: Sendable {
    package var path: String
    package var version: Located<Int>?
    var space: Located<String>?
    package var people: [PersonEntry] = []
    package var teams: [TeamEntry] = []
    package var levels: [LevelLimitEntry] = []
    package var policy: Policy?
    var access: AccessPolicy?
    var rules: Rules?
    /// Values of a newer MPS that this file's entries may use (`newValues`).
    package var newValues: [Located<String>] = []

    init(path: String) {
        self.path = path
    }
}
