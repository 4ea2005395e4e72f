/// A file known to the process, by a small index: locations copy it without reference
/// counting, which matters when every node of a 15 MB document carries one.
package struct FileID: Hashable, Sendable {
    let index: Int32

    /// The id of `path`, registered on first use.
    package init(_ path: String) {
        index = SourceFileTable.shared.id(for: path)
    }

    /// The path as the user gave it.
    package var path: String { SourceFileTable.shared.path(index) }
}
