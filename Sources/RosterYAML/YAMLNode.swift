import RosterCore

/// A node of a ``YAMLDocument`` as a value: convenient for tests, tools and small documents.
/// Hot paths walk the document by ``NodeID`` instead.
package struct YAMLNode: Sendable {
    package let document: YAMLDocument
    package let id: NodeID

    package var location: SourceLocation { document.location(id) }
    package var tag: CoreTag? { document.tag(id) }
    package var isNull: Bool { document.isNull(id) }
    package var kindDescription: String { document.kindDescription(id) }

    /// The scalar, when this node is one.
    package var scalar: YAMLScalar? {
        document.kind(id) == .scalar ? YAMLScalar(document.string(id), style: document.style(id)) : nil
    }

    /// The items, when this node is a sequence.
    package var items: [YAMLNode]? {
        document.kind(id) == .sequence ? document.items(id).map { YAMLNode(document: document, id: $0) } : nil
    }

    /// The pairs, when this node is a mapping.
    package var pairs: [YAMLPair]? {
        guard document.kind(id) == .mapping else { return nil }
        return (0..<document.pairCount(id)).map {
            YAMLPair(key: document.node(document.key(id, $0)), value: document.node(document.value(id, $0)))
        }
    }
}

/// A key and its value in a mapping.
package struct YAMLPair: Sendable {
    package var key: YAMLNode
    package var value: YAMLNode
}

/// A scalar exactly as written: no implicit typing happens in the YAML layer.
package struct YAMLScalar: Sendable, Hashable {
    package var value: String
    package var style: ScalarStyle

    package init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}
