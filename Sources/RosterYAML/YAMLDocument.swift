import RosterCore

/// A loaded document as a tree stored in three flat arrays: one record per node (kind, style,
/// tag, line, column), the children of collections, and the scalars' bytes. Aliases point at
/// their anchor's node and merge keys are resolved into ordinary pairs, so consumers see
/// neither. Building and walking it allocates per document, not per node.
package final class YAMLDocument: Sendable {
    struct Record: Sendable {
        var kind: NodeKind
        var style: ScalarStyle
        var tag: UInt8
        var line: UInt32
        var column: UInt32
        /// Scalar: offset into `text`. Collection: offset into `children`.
        var start: UInt32
        /// Scalar: byte count. Sequence: items. Mapping: pairs (keys and values interleave).
        var count: UInt32
    }

    let file: FileID
    let records: [Record]
    let children: [Int32]
    let text: [UInt8]
    /// The root mapping, when the document has one.
    package let root: NodeID?

    init(file: FileID, records: [Record], children: [Int32], text: [UInt8], root: NodeID?) {
        self.file = file
        self.records = records
        self.children = children
        self.text = text
        self.root = root
    }

    /// A document of no nodes.
    package static func empty(file: FileID) -> YAMLDocument {
        YAMLDocument(file: file, records: [], children: [], text: [], root: nil)
    }

    private func record(_ n: NodeID) -> Record { records[Int(n.rawIndex)] }

    package func kind(_ n: NodeID) -> NodeKind { record(n).kind }
    package func style(_ n: NodeID) -> ScalarStyle { record(n).style }
    package func tag(_ n: NodeID) -> CoreTag? { CoreTag(rawValue: record(n).tag) }

    package func location(_ n: NodeID) -> SourceLocation {
        let r = record(n)
        return SourceLocation(file: file, line: Int(r.line), column: Int(r.column))
    }

    /// The scalar's bytes (empty for collections).
    func bytes(_ n: NodeID) -> ArraySlice<UInt8> {
        let r = record(n)
        guard r.kind == .scalar else { return [] }
        return text[Int(r.start)..<Int(r.start + r.count)]
    }

    /// The scalar's text (empty for collections).
    package func string(_ n: NodeID) -> String {
        String(decoding: bytes(n), as: UTF8.self)
    }

    /// Whether the node is an untagged or `!!str` scalar.
    package func isStringScalar(_ n: NodeID) -> Bool {
        let r = record(n)
        return r.kind == .scalar && (r.tag == 0 || r.tag == CoreTag.str.rawValue)
    }

    /// Whether the node is a scalar whose bytes are exactly `literal`'s, without making a String.
    func scalarEquals(_ n: NodeID, _ literal: StaticString) -> Bool {
        let r = record(n)
        guard r.kind == .scalar, Int(r.count) == literal.utf8CodeUnitCount else { return false }
        return literal.withUTF8Buffer { textEquals(start: Int(r.start), $0) }
    }

    /// Whether the node is a scalar whose bytes are exactly `bytes`.
    package func scalarEquals(_ n: NodeID, utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let r = record(n)
        guard r.kind == .scalar, Int(r.count) == bytes.count else { return false }
        return textEquals(start: Int(r.start), bytes)
    }

    /// Whether the node is a scalar whose bytes are exactly `string`'s UTF-8.
    package func scalarEquals(_ n: NodeID, _ string: String) -> Bool {
        let r = record(n)
        guard r.kind == .scalar, Int(r.count) == string.utf8.count else { return false }
        return textEquals(start: Int(r.start), string.utf8)
    }

    /// Whether `text` holds `bytes` from `start` (which the caller checked fit).
    private func textEquals<Bytes: Collection<UInt8>>(start: Int, _ bytes: Bytes) -> Bool {
        var i = start
        for byte in bytes {
            guard text[i] == byte else { return false }
            i += 1
        }
        return true
    }

    /// The items of a sequence, or the keys and values of a mapping, interleaved.
    package func children(_ n: NodeID) -> ChildList {
        let r = record(n)
        switch r.kind {
        case .scalar: return ChildList(children[0..<0])
        case .sequence: return ChildList(children[Int(r.start)..<Int(r.start + r.count)])
        case .mapping: return ChildList(children[Int(r.start)..<Int(r.start + 2 * r.count)])
        }
    }

    /// The items of a sequence; empty for any other node.
    package func items(_ n: NodeID) -> ChildList {
        kind(n) == .sequence ? children(n) : ChildList(children[0..<0])
    }

    /// The number of pairs of a mapping.
    package func pairCount(_ n: NodeID) -> Int {
        let r = record(n)
        return r.kind == .mapping ? Int(r.count) : 0
    }

    package func key(_ n: NodeID, _ i: Int) -> NodeID { NodeID(rawIndex: children[Int(record(n).start) + 2 * i]) }
    package func value(_ n: NodeID, _ i: Int) -> NodeID {
        NodeID(rawIndex: children[Int(record(n).start) + 2 * i + 1])
    }

    /// Whether the node is a null under the YAML core schema: `!!null`, or an untagged plain
    /// `null`, `Null`, `NULL`, `~` or empty scalar.
    package func isNull(_ n: NodeID) -> Bool {
        let r = record(n)
        if r.tag == CoreTag.null.rawValue { return true }
        guard r.tag == 0, r.kind == .scalar, r.style == .plain else { return false }
        switch r.count {
        case 0: return true
        case 1: return text[Int(r.start)] == UInt8(ascii: "~")
        case 4: return scalarEquals(n, "null") || scalarEquals(n, "Null") || scalarEquals(n, "NULL")
        default: return false
        }
    }

    /// A short description of the node's kind for messages ("a mapping", "a list", "null").
    package func kindDescription(_ n: NodeID) -> String {
        switch kind(n) {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if isNull(n) { return "null" }
            return style(n) == .plain ? "\"\(string(n))\"" : "the string \"\(string(n))\""
        }
    }
}

/// The index of a node in its ``YAMLDocument``.
package struct NodeID: Hashable, Sendable {
    package let rawIndex: Int32
    package init(rawIndex: Int32) { self.rawIndex = rawIndex }
}

/// What a node is.
package enum NodeKind: UInt8, Sendable {
    case scalar, sequence, mapping
}

/// How a scalar was written. The schema layer uses it to tell `null` from `"null"`.
package enum ScalarStyle: UInt8, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// The children of a collection node, as node ids.
package struct ChildList: RandomAccessCollection, Sendable {
    private let ids: ArraySlice<Int32>

    init(_ ids: ArraySlice<Int32>) { self.ids = ids }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ids.count }
    package subscript(i: Int) -> NodeID { NodeID(rawIndex: ids[ids.startIndex + i]) }
}
