import RosterCore

/// The index of a node in its ``YAMLDocument``.
public struct NodeID: Hashable, Sendable {
    public let rawIndex: Int32
    public init(rawIndex: Int32) { self.rawIndex = rawIndex }
}

/// How a scalar was written. The schema layer uses it to tell `null` from `"null"`.
public enum ScalarStyle: UInt8, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}

/// The core tags a roster file may use explicitly (`!!str`, `!!int`, …).
public enum CoreTag: UInt8, Sendable, Hashable {
    case str = 1, int, bool, null, map, seq

    init?(name: String) {
        switch name {
        case "str": self = .str
        case "int": self = .int
        case "bool": self = .bool
        case "null": self = .null
        case "map": self = .map
        case "seq": self = .seq
        default: return nil
        }
    }
}

/// What a node is.
public enum NodeKind: UInt8, Sendable {
    case scalar, sequence, mapping
}

/// A loaded document as a tree stored in three flat arrays: one record per node (kind, style,
/// tag, line, column), the children of collections, and the scalars' bytes. Aliases point at
/// their anchor's node and merge keys are resolved into ordinary pairs, so consumers see
/// neither. Building and walking it allocates per document, not per node.
public final class YAMLDocument: Sendable {
    struct Record {
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

    public let file: FileID
    let records: [Record]
    let children: [Int32]
    let text: [UInt8]
    /// The root mapping, when the document has one.
    public let root: NodeID?

    init(file: FileID, records: [Record], children: [Int32], text: [UInt8], root: NodeID?) {
        self.file = file
        self.records = records
        self.children = children
        self.text = text
        self.root = root
    }

    /// Runs `body` with an unsafe view of the storage: the fast way to walk a large document,
    /// without reference counting per access. The view must not escape `body`.
    public func withView<R>(_ body: (YAMLView) throws -> R) rethrows -> R {
        try records.withUnsafeBufferPointer { records in
            try children.withUnsafeBufferPointer { children in
                try text.withUnsafeBufferPointer { text in
                    try body(YAMLView(file: file, records: records, children: children, text: text))
                }
            }
        }
    }

    public func kind(_ n: NodeID) -> NodeKind { withView { $0.kind(n) } }
    public func style(_ n: NodeID) -> ScalarStyle { withView { $0.style(n) } }
    public func tag(_ n: NodeID) -> CoreTag? { withView { $0.tag(n) } }
    public func location(_ n: NodeID) -> SourceLocation { withView { $0.location(n) } }
    public func string(_ n: NodeID) -> String { withView { $0.string(n) } }
    public func isNull(_ n: NodeID) -> Bool { withView { $0.isNull(n) } }
    public func kindDescription(_ n: NodeID) -> String { withView { $0.kindDescription(n) } }
    public func pairCount(_ n: NodeID) -> Int { withView { $0.pairCount(n) } }
    public func key(_ n: NodeID, _ i: Int) -> NodeID { withView { $0.key(n, i) } }
    public func value(_ n: NodeID, _ i: Int) -> NodeID { withView { $0.value(n, i) } }
    public func items(_ n: NodeID) -> [NodeID] { withView { Array($0.items(n)) } }

    /// A view of a node, for code that prefers values to indices.
    public func node(_ n: NodeID) -> YAMLNode { YAMLNode(document: self, id: n) }
}

/// Unsafe, reference-count-free access to a ``YAMLDocument``'s storage, valid only inside
/// ``YAMLDocument/withView(_:)``.
public struct YAMLView {
    public let file: FileID
    let records: UnsafeBufferPointer<YAMLDocument.Record>
    let children: UnsafeBufferPointer<Int32>
    let text: UnsafeBufferPointer<UInt8>

    /// A view of nothing, for readers that get their real view later.
    public static func empty(file: FileID) -> YAMLView {
        YAMLView(
            file: file, records: UnsafeBufferPointer(start: nil, count: 0),
            children: UnsafeBufferPointer(start: nil, count: 0),
            text: UnsafeBufferPointer(start: nil, count: 0))
    }

    @inline(__always) func record(_ n: NodeID) -> YAMLDocument.Record { records[Int(n.rawIndex)] }

    public func kind(_ n: NodeID) -> NodeKind { record(n).kind }
    public func style(_ n: NodeID) -> ScalarStyle { record(n).style }
    public func tag(_ n: NodeID) -> CoreTag? { CoreTag(rawValue: record(n).tag) }

    public func location(_ n: NodeID) -> SourceLocation {
        let r = record(n)
        return SourceLocation(file: file, line: Int(r.line), column: Int(r.column))
    }

    /// The scalar's bytes (empty for collections).
    public func bytes(_ n: NodeID) -> UnsafeBufferPointer<UInt8> {
        let r = record(n)
        guard r.kind == .scalar, r.count > 0, let base = text.baseAddress else {
            return UnsafeBufferPointer(start: nil, count: 0)
        }
        return UnsafeBufferPointer(start: base + Int(r.start), count: Int(r.count))
    }

    /// The scalar's text (empty for collections).
    public func string(_ n: NodeID) -> String {
        String(decoding: bytes(n), as: UTF8.self)
    }

    /// Whether the node is a scalar whose bytes are exactly `literal`'s, without making a String.
    public func scalarEquals(_ n: NodeID, _ literal: StaticString) -> Bool {
        let r = record(n)
        guard r.kind == .scalar, Int(r.count) == literal.utf8CodeUnitCount else { return false }
        guard r.count > 0, let base = text.baseAddress else { return true }
        return memcmpBytes(base + Int(r.start), literal.utf8Start, Int(r.count))
    }

    /// Whether the node is a scalar whose bytes are exactly `string`'s UTF-8.
    public func scalarEquals(_ n: NodeID, _ string: String) -> Bool {
        let b = bytes(n)
        guard record(n).kind == .scalar, b.count == string.utf8.count else { return false }
        return string.utf8.withContiguousStorageIfAvailable { s in
            guard let sb = s.baseAddress, let bb = b.baseAddress else { return true }
            return memcmpBytes(bb, sb, b.count)
        } ?? b.elementsEqual(string.utf8)
    }

    /// The items of a sequence, or the keys and values of a mapping, interleaved.
    public func children(_ n: NodeID) -> ChildList {
        let r = record(n)
        switch r.kind {
        case .scalar: return ChildList(children: children, start: 0, count: 0)
        case .sequence: return ChildList(children: children, start: Int(r.start), count: Int(r.count))
        case .mapping: return ChildList(children: children, start: Int(r.start), count: Int(r.count) * 2)
        }
    }

    /// The items of a sequence; empty for any other node.
    public func items(_ n: NodeID) -> ChildList {
        let r = record(n)
        return ChildList(children: children, start: Int(r.start), count: r.kind == .sequence ? Int(r.count) : 0)
    }

    /// The number of pairs of a mapping.
    public func pairCount(_ n: NodeID) -> Int {
        let r = record(n)
        return r.kind == .mapping ? Int(r.count) : 0
    }

    public func key(_ n: NodeID, _ i: Int) -> NodeID { NodeID(rawIndex: children[Int(record(n).start) + 2 * i]) }
    public func value(_ n: NodeID, _ i: Int) -> NodeID { NodeID(rawIndex: children[Int(record(n).start) + 2 * i + 1]) }

    /// Whether the node is a null under the YAML core schema: `!!null`, or an untagged plain
    /// `null`, `Null`, `NULL`, `~` or empty scalar.
    public func isNull(_ n: NodeID) -> Bool {
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
    public func kindDescription(_ n: NodeID) -> String {
        switch kind(n) {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar:
            if isNull(n) { return "null" }
            return style(n) == .plain ? "\"\(string(n))\"" : "the string \"\(string(n))\""
        }
    }
}

/// The children of a collection node, as node ids.
public struct ChildList: RandomAccessCollection {
    let children: UnsafeBufferPointer<Int32>
    let start: Int
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(i: Int) -> NodeID { NodeID(rawIndex: children[start + i]) }
}

@inline(__always)
func memcmpBytes(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var i = 0
    while i < count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
