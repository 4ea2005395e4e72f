/// The entries of each name key (the first one, and all of them for keys that repeat), and the
/// entries by pinned id and by former name.
struct NameTable: Sendable {
    var names = NameGroups<Int32>()
    var ids: [Int: Int32] = [:]
    var formers: [NameKey: Int32] = [:]
}
