import RosterYAML

/// The keys one kind of mapping may hold (a person, a team, …), each case spelled as a roster
/// writes it (its raw value): the format's table of keys. Decoding reads a mapping's values by
/// these cases, never by position.
protocol MappingKey: FormatKey, RawRepresentable<String>, Hashable {
    /// Every key of this kind, in declaration order, for matching a mapping's keys and for messages.
    static var keys: KeySet<Self> { get }
}

extension MappingKey {
    package var name: String { rawValue }
}

/// One kind of mapping's keys (``MappingKey``), in declaration order, made once per kind (a class:
/// the reader and every ``Fields`` share the one table, without copying its arrays).
final class KeySet<Key: MappingKey>: Sendable {
    let cases: [Key]
    let strings: [String]
    /// The spellings' bytes one after the other, and where each is: the reader compares a
    /// mapping's keys with them without making strings.
    private let bytes: [UInt8]
    private let bounds: [Range<Int>]

    init() {
        cases = Array(Key.allCases)
        precondition(cases.count <= Fields<Key>.capacity, "a key set holds at most \(Fields<Key>.capacity) keys")
        strings = cases.map(\.rawValue)
        var bytes: [UInt8] = [], bounds: [Range<Int>] = []
        for string in strings {
            bounds.append(bytes.count..<bytes.count + string.utf8.count)
            bytes.append(contentsOf: string.utf8)
        }
        (self.bytes, self.bounds) = (bytes, bounds)
    }

    /// The slot of the key that `node`, a mapping's key in `document`, spells; nil for another.
    func slot(of node: NodeID, in document: YAMLDocument) -> Int? {
        bytes.withUnsafeBufferPointer { all in
            bounds.firstIndex { document.scalarEquals(node, utf8: UnsafeBufferPointer(rebasing: all[$0])) }
        }
    }

    /// The key's slot in ``Fields``: its place in declaration order.
    func slot(_ key: Key) -> Int {
        var i = 0
        while cases[i] != key { i += 1 }
        return i
    }
}
