import RosterCore

/// The index of a node in its ``YAMLDocument``.
package struct NodeID: Hashable, Sendable {
    package let rawIndex: Int32
    package init(rawIndex: Int32) { self.rawIndex = rawIndex }
}
