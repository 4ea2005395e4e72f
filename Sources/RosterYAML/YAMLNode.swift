import RosterCore

/// A node of a ``YAMLDocument`` as a value: convenient for tests, tools and small documents.
/// Hot paths walk the document by ``NodeID`` instead.
public struct YAMLNode: Sendable {
    public let document: YAMLDocument
    public let id: NodeID

    public var location: SourceLocation { document.location(id) }
    public var tag: CoreTag? { document.tag(id) }
    public var isNull: Bool { document.isNull(id) }
    public var kindDescription: String { document.kindDescription(id) }

    /// The scalar, when this node is one.
    public var scalar: YAMLScalar? {
        document.kind(id) == .scalar ? YAMLScalar(document.string(id), style: document.style(id)) : nil
    }

    /// The items, when this node is a sequence.
    public var items: [YAMLNode]? {
        document.kind(id) == .sequence ? document.items(id).map { YAMLNode(document: document, id: $0) } : nil
    }

    /// The pairs, when this node is a mapping.
    public var pairs: [YAMLPair]? {
        guard document.kind(id) == .mapping else { return nil }
        return (0..<document.pairCount(id)).map {
            YAMLPair(key: document.node(document.key(id, $0)), value: document.node(document.value(id, $0)))
        }
    }
}
