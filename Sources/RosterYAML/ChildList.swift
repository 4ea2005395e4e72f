import RosterCore

/// The children of a collection node, as node ids.
package struct ChildList: RandomAccessCollection {
    let children: UnsafeBufferPointer<Int32>
    let start: Int
    package let count: Int
    package var startIndex: Int { 0 }
    package var endIndex: Int { count }
    package subscript(i: Int) -> NodeID { NodeID(rawIndex: children[start + i]) }
}
