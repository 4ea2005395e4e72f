/// Text from outside (names anyone with access to a space can set, server messages) made safe
/// for a terminal or a pull request: every control character (C0, DEL, C1) and every
/// bidirectional override or isolate is shown escaped as `\u{1B}`, so a name can never move
/// the cursor, erase a line or reorder the text around it.
package enum TerminalText {
    /// Whether `scalar` must never reach a terminal as it is.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `text` is printable ASCII only (the common case, safe as it is), read as bytes.
    package static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            return true
        }
    }

    /// `text` with its unsafe characters escaped; unchanged (and not copied) when it has none.
    package static func escape(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
