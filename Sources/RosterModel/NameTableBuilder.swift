/// Builds a ``NameTable`` one entry at a time, remembering clashes for the validator to report.
struct NameTableBuilder: Sendable {
    var table = NameTable()
    /// (later entry, earlier entry) pairs that share a name key.
    var nameClashes: [(Int32, Int32)] = []
    /// (later entry, earlier entry) pairs that pin the same id.
    var idClashes: [(Int32, Int32)] = []
    private(set) var count: Int32 = 0

    /// A builder for about `capacity` entries: the table is sized once instead of growing.
    init(capacity: Int = 0) {
        table.names = NameGroups(capacity: capacity)
    }

    mutating func insert(key: NameKey, id: Int?) {
        let i = count
        count += 1
        if let id, let j = table.ids.updateValue(i, forKey: id) {
            table.ids[id] = j
            idClashes.append((i, j))
        }
        if let j = table.names.add(i, for: key) { nameClashes.append((i, j)) }
    }
}

/// The entries of each name key (the first one, and all of them for keys that repeat), and the
/// entries by pinned id and by former name.
struct NameTable: Sendable {
    var names = NameGroups<Int32>()
    var ids: [Int: Int32] = [:]
    var formers: [NameKey: Int32] = [:]
}
