/// The children of a collection node, as node ids.
package struct ChildList: RandomAccessCollection, Sendable {
    private let ids: ArraySlice<Int32>

    init(_ ids: ArraySlice<Int32>) { self.ids = ids }

    package var startIndex: Int { 0 }
    package var endIndex: Int { ids.count }
    package subscript(i: Int) -> NodeID { NodeID(rawIndex: ids[ids.startIndex + i]) }
}
