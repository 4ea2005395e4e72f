import RosterCore

/// The children of a collection node, as node ids.
public struct ChildList: RandomAccessCollection {
    let children: UnsafeBufferPointer<Int32>
    let start: Int
    public let count: Int
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(i: Int) -> NodeID { NodeID(rawIndex: children[start + i]) }
}
