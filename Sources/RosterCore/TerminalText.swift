/// Text from outside (names anyone with access to a space can set, server messages) made safe
/// for a terminal, a CI log or a pull request: every control character (C0, DEL, C1), every
/// bidirectional override or isolate and the line and paragraph separators are shown escaped as
/// `\u{1B}`, so a name can never move the cursor, erase a line, break a line or reorder the text
/// around it; and text a CI runner reads as a workflow command (`::` at the start of a line,
/// `##[` anywhere) is escaped too, so a name can never give the runner a command.
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

    /// Whether `scalar` is shown escaped: what ``isUnsafe(_:)`` says, and the line and paragraph
    /// separators (U+2028, U+2029), which a name may hold but some viewers take for line breaks.
    static func isShownEscaped(_ scalar: Unicode.Scalar) -> Bool {
        isUnsafe(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// `text` with its unsafe characters escaped; unchanged (and not copied) when it has none.
    package static func escape(_ text: String) -> String {
        let escaped: String
        if isPrintableASCII(text) || !text.unicodeScalars.contains(where: isShownEscaped) {
            escaped = text
        } else {
            var out = ""
            for scalar in text.unicodeScalars {
                if isShownEscaped(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            escaped = out
        }
        return neutralisingWorkflowCommands(escaped)
    }

    /// `text` with what a CI runner reads as a command made inert: GitHub's runner takes a line
    /// that starts with `::` after white space (`::warning::…`, `::add-mask::…`) and `##[` anywhere
    /// in a line (`##[group]`) as commands. The first colon and the bracket are written escaped
    /// (`\u{3A}`, `\u{5B}`) wherever the text stands, since a name may start a printed line.
    static func neutralisingWorkflowCommands(_ text: String) -> String {
        guard text.contains("::") || text.contains("##[") else { return text }
        var out = text.replacingOccurrences(of: "##[", with: "##\\u{5B}")
        let body = out.drop { $0 == " " || $0 == "\t" }
        if body.hasPrefix("::") {
            let start = out.index(out.startIndex, offsetBy: out.count - body.count)
            out.replaceSubrange(start..<out.index(after: start), with: "\\u{3A}")
        }
        return out
    }
}
