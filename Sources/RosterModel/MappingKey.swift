/// The keys one kind of mapping may hold (a person, a team, …), by name: decoding reads a
/// mapping's values by these cases, never by position. A case's raw value is its slot in
/// ``Fields``.
protocol MappingKey: RawRepresentable, CaseIterable, Sendable where RawValue == Int {
    /// The key as a roster writes it.
    var spelling: StaticString { get }
    /// Every key of this kind, for matching a mapping's keys and for messages.
    static var keys: KeySet { get }
}

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
