import RosterCore
import RosterYAML

/// The values of a mapping's known keys, by the key's index in its ``KeySet`` (at most 12),
/// stored inline: decoding a person allocates nothing for its fields.
struct Fields {
    static let capacity = 12
    private var slots: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1
    )

    subscript(_ index: Int) -> NodeID? {
        let raw = withUnsafeBytes(of: slots) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
        return raw < 0 ? nil : NodeID(rawIndex: raw)
    }

    mutating func set(_ index: Int, _ node: NodeID) {
        withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: node.rawIndex, toByteOffset: index * 4, as: Int32.self) }
    }

    /// Whether the mapping wrote the key.
    func has(_ index: Int) -> Bool { self[index] != nil }
}
