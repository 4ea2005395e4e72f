/// The keys one kind of mapping may hold (a person, a team, …), each case spelled as a roster
/// writes it (its raw value): the format's table of keys. Decoding reads a mapping's values by
/// these cases, never by position.
package protocol MappingKey: FormatKey, RawRepresentable<String>, Hashable {
    /// Every key of this kind, in declaration order, for matching a mapping's keys and for messages.
    static var keys: KeySet<Self> { get }
}

extension MappingKey {
    package var name: String { rawValue }
}

/// One kind of mapping's keys (``MappingKey``), in declaration order, made once per kind.
package struct KeySet<Key: MappingKey>: Sendable {
    let cases: [Key]
    let strings: [String]

    package init() {
        cases = Array(Key.allCases)
        precondition(cases.count <= Fields<Key>.capacity, "a key set holds at most \(Fields<Key>.capacity) keys")
        strings = cases.map(\.rawValue)
    }

    /// The key's slot in ``Fields``: its place in declaration order.
    func slot(_ key: Key) -> Int {
        var i = 0
        while cases[i] != key { i += 1 }
        return i
    }
}
