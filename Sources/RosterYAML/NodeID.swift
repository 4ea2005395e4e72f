import RosterCore

/// The index of a node in its ``YAMLDocument``.
public struct NodeID: Hashable, Sendable {
    public let rawIndex: Int32
    public init(rawIndex: Int32) { self.rawIndex = rawIndex }
}
