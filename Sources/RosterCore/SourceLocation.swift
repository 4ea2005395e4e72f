import Synchronization

/// A file known to the process, by a small index: locations copy it without reference
/// counting, which matters when every node of a 15 MB document carries one.
public struct FileID: Hashable, Sendable {
    let index: Int32

    /// The id of `path`, registered on first use.
    public init(_ path: String) {
        index = SourceFileTable.shared.id(for: path)
    }

    /// The path as the user gave it.
    public var path: String { SourceFileTable.shared.path(index) }
}

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

/// A position in a source file. Line and column are 1-based; a location without a line
/// names the whole file (a file that cannot be read, an empty directory).
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var fileID: FileID
    /// 1-based line, or 0 when the location names the whole file.
    public var line: Int
    /// 1-based column in characters, or 0 when the location names the whole file.
    public var column: Int

    public init(file: FileID, line: Int, column: Int) {
        self.fileID = file
        self.line = line
        self.column = column
    }

    public init(file: String, line: Int, column: Int) {
        self.init(file: FileID(file), line: line, column: column)
    }

    /// The file's path.
    public var file: String { fileID.path }

    /// A location naming a whole file.
    public static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0, column: 0)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileID != rhs.fileID { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }

    /// `file:line:col`, or just `file` for a whole-file location.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
