import RosterCore

/// Unsafe, reference-count-free access to a ``YAMLDocument``'s storage, valid only inside
/// ``YAMLDocument/withView(_:)``.
package struct YAMLView {
    package let file: FileID
    let records: UnsafeBufferPointer<YAMLDocument.Record>
    let children: UnsafeBufferPointer<Int32>
    let text: UnsafeBufferPointer<UInt8>

    /// A view of nothing, for readers that get their real view later.
    package static func empty(file: FileID) -> YAMLView {
        YAMLView(
            file: file, records: UnsafeBufferPointer(start: nil, count: 0),
            children: UnsafeBufferPointer(start: nil, count: 0),
            text: UnsafeBufferPointer(start: nil, count: 0))
    }

    @inline(__always) func record(_ n: NodeID) -> YAMLDocument.Record { records[Int(n.rawIndex)] }

    package func kind(_ n: NodeID) -> NodeKind { record(n).kind }
    package func style(_ n: NodeID) -> ScalarStyle { record(n).style }
    package func tag(_ n: NodeID) -> CoreTag? { CoreTag(rawValue: record(n).tag) }

    package func location(_ n: NodeID) -> SourceLocation {
        let r = record(n)
        return SourceLocation(file: file, line: Int(r.line), column: Int(r.column))
    }

    /// The scalar's bytes (empty for collections).
    package func bytes(_ n: NodeID) -> UnsafeBufferPointer<UInt8> {
        let r = record(n)
        guard r.kind == .scalar, r.count > 0, let base = text.baseAddress else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: base + Int(r.start), count: Int(r.count))
    }

    /// The scalar's text (empty for collections).
    package func string(_ n: NodeID) -> String {
        String(decoding: bytes(n), as: UTF8.self)
    }

    /// Whether the node is a scalar whose bytes are exactly `literal`'s, without making a String.
    package func scalarEquals(_ n: NodeID, _ literal: StaticString) -> Bool {
        let r = record(n)
        guard r.kind == .scalar, Int(r.count) == literal.utf8CodeUnitCount else { return false }
        guard r.count > 0, let base = text.baseAddress else { return true }
        return memcmpBytes(base + Int(r.start), literal.utf8Start, Int(r.count))
    }

    /// Whether the node is a scalar whose bytes are exactly `string`'s UTF-8.
    package func scalarEquals(_ n: NodeID, _ string: String) -> Bool {
        let b = bytes(n)
        guard record(n).kind == .scalar, b.count == string.utf8.count else { return false }
        return string.utf8.withContiguousStorageIfAvailable { s in
            guard let sb = s.baseAddress, let bb = b.baseAddress else { return true }
            return memcmpBytes(bb, sb, b.count)
        } ?? b.elementsEqual(string.utf8)
    }

    /// The items of a sequence, or the keys and values of a mapping, interleaved.
    package func children(_ n: NodeID) -> ChildList {
        let r = record(n)
        switch r.kind {
        case .scalar: return ChildList(children: children, start: 0, count: 0)
        case .sequence: return ChildList(children: children, start: Int(r.start), count: Int(r.count))
        case .mapping: return ChildList(children: children, start: Int(r.start), count: Int(r.count) * 2)
        }
    }

    /// The items of a sequence; empty for any other node.
    package func items(_ n: NodeID) -> ChildList {
        let r = record(n)
        return ChildList(children: children, start: Int(r.start), count: r.kind == .sequence ? Int(r.count) : 0)
    }

    /// The number of pairs of a mapping.
    package func pairCount(_ n: NodeID) -> Int {
        let r = record(n)
        return r.kind == .mapping ? Int(r.count) : 0
    }

    package func key(_ n: NodeID, _ i: Int) -> NodeID { NodeID(rawIndex: children[Int(record(n).start) + 2 * i]) }
    package func value(_ n: NodeID, _ i: Int) -> NodeID { NodeID(rawIndex: children[Int(record(n).start) + 2 * i + 1]) }

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
