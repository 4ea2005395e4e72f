@testable import RosterCore
@testable import RosterYAML

/// A node of a ``YAMLDocument`` as a value, for the tests: the code walks the document by
/// ``NodeID``.
struct YAMLNode: Sendable {
    let document: YAMLDocument
    let id: NodeID

    var location: SourceLocation { document.location(id) }
    var tag: CoreTag? { document.tag(id) }
    var isNull: Bool { document.isNull(id) }
    var kindDescription: String { document.kindDescription(id) }

    /// The scalar, when this node is one.
    var scalar: YAMLScalar? {
        document.kind(id) == .scalar ? YAMLScalar(document.string(id), style: document.style(id)) : nil
    }

    /// The items, when this node is a sequence.
    var items: [YAMLNode]? {
        document.kind(id) == .sequence ? document.items(id).map { YAMLNode(document: document, id: $0) } : nil
    }

    /// The pairs, when this node is a mapping.
    var pairs: [YAMLPair]? {
        guard document.kind(id) == .mapping else { return nil }
        return (0..<document.pairCount(id)).map {
            YAMLPair(key: document.node(document.key(id, $0)), value: document.node(document.value(id, $0)))
        }
    }
}

/// A key and its value in a mapping.
struct YAMLPair: Sendable {
    var key: YAMLNode
    var value: YAMLNode
}

/// A scalar exactly as written: no implicit typing happens in the YAML layer.
struct YAMLScalar: Sendable, Hashable {
    var value: String
    var style: ScalarStyle

    init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}

extension YAMLDocument {
    func node(_ n: NodeID) -> YAMLNode { YAMLNode(document: self, id: n) }
}

extension YAMLLoader.Result {
    /// The root mapping as a node view.
    var root: YAMLNode? {
        guard let document, let root = document.root else { return nil }
        return document.node(root)
    }
}
