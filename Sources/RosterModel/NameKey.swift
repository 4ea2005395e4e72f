import Foundation
import RosterCore

/// The key by which names are compared: Unicode NFC, trimmed, inner white space collapsed to
/// one space. Case matters. A control character or bidirectional control is part of the key as
/// roster shows it, escaped (`\u{1B}`), so a roster names a live person whose name holds one by
/// writing what the plan shows; a name with nothing visible is keyed by its characters, escaped
/// (`""` for an empty one). A live name with such characters is rare; the escapes are spelled
/// as no person types a name.
package struct NameKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let value: String

    package init(_ name: String) {
        value = NameKey.normalize(name)
    }

    package var description: String { value }

    package static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.value < rhs.value }

    // A key is already in normal form, so equal keys have equal bytes: comparing and hashing the
    // bytes is exact and skips String's canonical-equivalence work for non-ASCII names.
    package static func == (lhs: NameKey, rhs: NameKey) -> Bool {
        let (left, right) = (lhs.value.utf8, rhs.value.utf8)
        guard left.count == right.count else { return false }
        let same = left.withContiguousStorageIfAvailable { l in
            right.withContiguousStorageIfAvailable { r in l.elementsEqual(r) }
        }
        return (same ?? nil) ?? left.elementsEqual(right)
    }

    // Consistent with `==`: equal bytes are equal strings. A key is NFC already, so hashing the
    // string costs no normalization.
    package func hash(into hasher: inout Hasher) { hasher.combine(value) }

    static func normalize(_ name: String) -> String {
        // ASCII names without doubled or edge white space are their own key; that is almost
        // every name, and it avoids Foundation's normalization on the hot path.
        var simple = true
        var previousSpace = true
        var ascii = true
        for byte in name.utf8 {
            if byte >= 0x80 { ascii = false; break }
            if byte < 0x20 || byte == 0x7F { simple = false; break }
            let space = byte == 0x20
            if space && previousSpace { simple = false; break }
            previousSpace = space
        }
        if ascii && simple && !previousSpace { return name }
        if !ascii && isComposedWithoutSpecialSpace(name) { return name }
        let composed = TerminalText.escape(name).precomposedStringWithCanonicalMapping
        let key = composed.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return key.unicodeScalars.contains { !isInvisible($0) } ? key : invisibleKey(name)
    }

    /// The key of a name with nothing visible: its characters other than spaces, escaped.
    private static func invisibleKey(_ name: String) -> String {
        let scalars = name.unicodeScalars.filter { $0 != " " }
        guard !scalars.isEmpty else { return "\"\"" }
        return scalars.map { "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
    }

    /// Scalars below U+0300 (Latin, Latin-1, Latin Extended) are never changed by NFC unless a
    /// combining mark follows, and combining marks start at U+0300: such names with single
    /// ASCII spaces between words are their own key.
    private static func isComposedWithoutSpecialSpace(_ name: String) -> Bool {
        var previousSpace = true
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x300 { return false }
            let space = scalar.value == 0x20
            if space && previousSpace { return false }
            if !space && scalar.value >= 0x80 && scalar.properties.isWhitespace { return false }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return false }
            previousSpace = space
        }
        return !previousSpace
    }

    /// What makes `name` unfit to be a name, if anything: a control character (C0, DEL, C1), a
    /// bidirectional override or isolate, or nothing visible at all. Names reach terminals and
    /// pull requests, where such characters move the cursor, erase lines or reorder text.
    static func unsafeCharacter(_ name: String) -> String? {
        // Printable ASCII, the common case, needs no closer look.
        if TerminalText.isPrintableASCII(name) {
            return name.utf8.contains { $0 != 0x20 } ? nil : "has no visible character"
        }
        var visible = false
        for scalar in name.unicodeScalars {
            if TerminalText.isUnsafe(scalar) {
                let code = "U+" + String(format: "%04X", scalar.value)
                let kind = scalar.value >= 0x202A ? "the bidirectional control" : "the control character"
                return "holds \(kind) \(code)"
            }
            // Unicode properties are slow to look up: asked only until a visible one.
            if !visible && !isInvisible(scalar) { visible = true }
        }
        return visible ? nil : "has no visible character"
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x7E: return false
        case 0x200B...0x200D, 0x2060, 0xFEFF: return true
        default: return scalar.properties.isWhitespace
        }
    }

    /// Whether a name has white space at either end, which the format refuses.
    static func hasEdgeWhitespace(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, let last = name.unicodeScalars.last else { return false }
        return isSpace(first) || isSpace(last)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar == " " || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }
}
