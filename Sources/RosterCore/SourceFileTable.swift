import Synchronization

/// The process-wide table behind ``FileID``: the project's one process-global table, kept
/// because a location then copies a 4-byte index instead of retaining a string (every node of a
/// 100,000-person roster carries one). Paths are only ever added, under a lock.
final class SourceFileTable: Sendable {
    static let shared = SourceFileTable()

    private struct Table {
        var paths: [String] = []
        var ids: [String: Int32] = [:]
    }

    private let table = Mutex(Table())

    func id(for path: String) -> Int32 {
        table.withLock { table in
            if let id = table.ids[path] { return id }
            let id = Int32(table.paths.count)
            table.paths.append(path)
            table.ids[path] = id
            return id
        }
    }

    func path(_ id: Int32) -> String {
        table.withLock { $0.paths[Int(id)] }
    }
}
