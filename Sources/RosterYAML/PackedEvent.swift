import Foundation

/// One libyaml event, packed: what the tree builder needs and nothing that must be freed.
struct PackedEvent: Sendable {
    enum Kind: UInt8 {
        case documentStart, scalar, sequenceStart, mappingStart, sequenceEnd, mappingEnd, alias, streamEnd, other
    }

    var kind: Kind
    var style: ScalarStyle
    var line: UInt32
    var column: UInt32
    /// Scalar: offset of its bytes in the batch's text.
    var start: UInt32
    var count: UInt32
    /// Index into the batch's strings of the tag, or -1.
    var tag: Int32
    /// Index into the batch's strings of the anchor (for an alias: its name), or -1.
    var anchor: Int32
}
