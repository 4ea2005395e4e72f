import RosterCore

/// What people and teams share for the uniqueness rules: a name, its key, an optional pinned
/// id and former names.
package protocol NamedEntry {
    var name: Located<String> { get }
    var key: NameKey { get }
    var id: Located<Int>? { get }
    var previously: [Located<String>] { get }
}

extension NamedEntry {
    var isPinned: Bool { id != nil }
}

extension PersonEntry: NamedEntry {}
extension TeamEntry: NamedEntry {}
