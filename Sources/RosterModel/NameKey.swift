import Foundation

/// The key by which names are compared: Unicode NFC, trimmed, inner white space collapsed to
/// one space. Case matters.
public struct NameKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let value: String

    public init(_ name: String) {
        value = NameKey.normalize(name)
    }

    public var description: String { value }

    public static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.value < rhs.value }

    static func normalize(_ name: String) -> String {
        // ASCII names without doubled or edge white space are their own key; that is almost
        // every name, and it avoids Foundation's normalization on the hot path.
        var simple = true
        var previousSpace = true
        for byte in name.utf8 {
            if byte >= 0x80 { simple = false; break }
            let space = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            if space && (previousSpace || byte != 0x20) { simple = false; break }
            previousSpace = space
        }
        if simple && !previousSpace { return name }
        let composed = name.precomposedStringWithCanonicalMapping
        return composed.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Whether a name has white space at either end, which the format refuses.
    public static func hasEdgeWhitespace(_ name: String) -> Bool {
        guard let first = name.first, let last = name.last else { return false }
        return first.isWhitespace || last.isWhitespace
    }
}
