/// The spellings of one kind of mapping's keys (``MappingKey``), in the order of their slots.
struct KeySet: Sendable {
    let names: [StaticString]
    let strings: [String]

    init<Key: MappingKey>(_: Key.Type) {
        let cases = Array(Key.allCases)
        precondition(cases.count <= Fields<Key>.capacity, "a key set holds at most \(Fields<Key>.capacity) keys")
        precondition(cases.indices.allSatisfy { cases[$0].rawValue == $0 }, "keys are numbered from 0 in order")
        names = cases.map(\.spelling)
        strings = names.map(\.description)
    }
}
