import RosterCore

/// What one file of a roster says, before files are merged and cross-checked.
package struct RosterFile: Sendable {
    var path: String
    var version: Located<Int>?
    var space: Located<String>?
    var people: [PersonEntry] = []
    var teams: [TeamEntry] = []
    var levels: [LevelLimitEntry] = []
    var policy: Policy?
    var access: AccessPolicy?
    var rules: Rules?
    /// Values of a newer MPS that this file's entries may use (`newValues`).
    var newValues: [Located<String>] = []

    init(path: String) {
        self.path = path
    }
}
