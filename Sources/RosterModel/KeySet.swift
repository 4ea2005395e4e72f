import RosterCore
import RosterYAML

/// The known keys of one kind of mapping (a person, a team, …).
struct KeySet {
    let names: [StaticString]
    let strings: [String]

    init(_ names: [StaticString]) {
        precondition(names.count <= Fields.capacity, "a key set holds at most \(Fields.capacity) keys")
        self.names = names
        self.strings = names.map { $0.description }
    }
}
