import Synchronization

/// A position in a source file. Line and column are 1-based; a location without a line
/// names the whole file (a file that cannot be read, an empty directory).
package struct SourceLocation: Hashable, Sendable, Comparable {
    var fileID: FileID
    // 32 bits each (a file of more than 4 billion lines is refused long before): every located
    // value of a roster carries a location, so its size is a share of a large roster's memory.
    private var storedLine: UInt32
    private var storedColumn: UInt32

    /// 1-based line, or 0 when the location names the whole file.
    package var line: Int {
        get { Int(storedLine) }
        set { storedLine = UInt32(clamping: newValue) }
    }
    /// 1-based column in characters, or 0 when the location names the whole file.
    package var column: Int {
        get { Int(storedColumn) }
        set { storedColumn = UInt32(clamping: newValue) }
    }

    package init(file: FileID, line: Int, column: Int) {
        self.fileID = file
        storedLine = UInt32(clamping: line)
        storedColumn = UInt32(clamping: column)
    }

    package init(file: String, line: Int, column: Int) {
        self.init(file: FileID(file), line: line, column: column)
    }

    /// The file's path.
    package var file: String { fileID.path }

    /// A location naming a whole file.
    package static func file(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0, column: 0)
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if lhs.fileID != rhs.fileID { return lhs.file < rhs.file }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        return lhs.column < rhs.column
    }

    /// `file:line:col`, or just `file` for a whole-file location.
    package var description: String {
        line > 0 ? "\(file):\(line):\(column)" : file
    }
}
