import RosterYAML

/// The values a mapping wrote for its known keys, read by key (``MappingKey``), stored inline:
/// decoding a person allocates nothing for its fields.
struct Fields<Key: MappingKey> {
    static var capacity: Int { 12 }
    private var slots = InlineArray<12, Int32>(repeating: -1)
    /// The keys in slot order (``KeySet``), held once per mapping rather than asked of the key type
    /// at every read.
    private let keys: KeySet<Key>

    init(_ keys: KeySet<Key>) { self.keys = keys }

    /// The value written for `key`, if any.
    subscript(_ key: Key) -> NodeID? {
        let raw = slots[keys.slot(key)]
        return raw < 0 ? nil : NodeID(rawIndex: raw)
    }

    /// Records the value of the key in `slot` (its place in ``KeySet``), as the reader matches keys.
    mutating func set(slot: Int, _ node: NodeID) { slots[slot] = node.rawIndex }

    /// Whether the mapping wrote `key`.
    func has(_ key: Key) -> Bool { self[key] != nil }
}
