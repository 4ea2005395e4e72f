import Foundation

/// A run of packed events with their scalars' bytes and their rare strings (tags, anchors).
struct EventBatch: Sendable {
    var events: [PackedEvent] = []
    var text: [UInt8] = []
    var strings: [String] = []
    var failure: ParseFailure?
    var isLast = false
}
