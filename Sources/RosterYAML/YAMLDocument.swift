import RosterCore

/// A loaded document as a tree stored in three flat arrays: one record per node (kind, style,
/// tag, line, column), the children of collections, and the scalars' bytes. Aliases point at
/// their anchor's node and merge keys are resolved into ordinary pairs, so consumers see
/// neither. Building and walking it allocates per document, not per node.
package final class YAMLDocument: Sendable {
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

    package let file: FileID
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

    /// Runs `body` with an unsafe view of the storage: the fast way to walk a large document,
    /// without reference counting per access. The view must not escape `body`.
    package func withView<R>(_ body: (YAMLView) throws -> R) rethrows -> R {
        try records.withUnsafeBufferPointer { records in
            try children.withUnsafeBufferPointer { children in
                try text.withUnsafeBufferPointer { text in
                    try body(YAMLView(file: file, records: records, children: children, text: text))
                }
            }
        }
    }

    package func kind(_ n: NodeID) -> NodeKind { withView { $0.kind(n) } }
    package func style(_ n: NodeID) -> ScalarStyle { withView { $0.style(n) } }
    package func tag(_ n: NodeID) -> CoreTag? { withView { $0.tag(n) } }
    package func location(_ n: NodeID) -> SourceLocation { withView { $0.location(n) } }
    package func string(_ n: NodeID) -> String { withView { $0.string(n) } }
    package func isNull(_ n: NodeID) -> Bool { withView { $0.isNull(n) } }
    package func kindDescription(_ n: NodeID) -> String { withView { $0.kindDescription(n) } }
    package func pairCount(_ n: NodeID) -> Int { withView { $0.pairCount(n) } }
    package func key(_ n: NodeID, _ i: Int) -> NodeID { withView { $0.key(n, i) } }
    package func value(_ n: NodeID, _ i: Int) -> NodeID { withView { $0.value(n, i) } }
    package func items(_ n: NodeID) -> [NodeID] { withView { Array($0.items(n)) } }

    /// A view of a node, for code that prefers values to indices.
    package func node(_ n: NodeID) -> YAMLNode { YAMLNode(document: self, id: n) }
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
