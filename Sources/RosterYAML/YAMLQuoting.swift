/// How every writer of YAML (export's ``YAMLWriter``, pull and the edit commands) writes a string,
/// so that libyaml reads it back as the same string, in the place it is written: plain where YAML
/// reads the text unchanged there, else double-quoted with every character that YAML reads as a
/// line break (LF, CR, U+0085, U+2028, U+2029), that the stream may not hold, or that reorders or
/// hides text in review (control and bidirectional characters) written as a `\uXXXX` escape.
package enum YAMLQuoting {
    /// `text` as a scalar: plain where that reads back as `text` (``isPlain(_:inFlow:)``), else
    /// double-quoted. `inFlow`: inside `[…]` or `{…}`, where `,[]{}` end a plain scalar.
    package static func written(_ text: String, inFlow: Bool) -> String {
        isPlain(text, inFlow: inFlow) ? text : doubleQuoted(text)
    }

    /// `text` double-quoted: `"` and `\` escaped, and every character of ``needsEscape(_:)``, and
    /// the `[` of `##[` (a command to a CI runner wherever it stands in a line of a log or a diff).
    package static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "[" where out.hasSuffix("##"): out += escape(scalar)
            case _ where needsEscape(scalar): out += escape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `text` single-quoted (`'` doubled), or nil when it holds a character single quotes cannot
    /// carry: they have no escapes, and YAML folds a line break inside them into a space.
    package static func singleQuoted(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: needsEscape), !text.contains("##[") else { return nil }
        return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// Whether `text` written plain reads back as `text`, as a string, in every YAML reader: no
    /// leading indicator or space, no `: ` or ` #`, no trailing `:` or space, nothing a reader
    /// with implicit typing would take for another type (``readsAsOtherType(_:)``), nothing
    /// escaped (`##[` included), and in a flow collection none of `,[]{}`.
    static func isPlain(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if leadingIndicators.contains(first) || first == " " || last == " " || last == ":" { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("##[") || text.hasPrefix("...")
            || readsAsOtherType(text)
        {
            return false
        }
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) || (inFlow && flowIndicators.contains(scalar)) { return false }
        }
        return true
    }

    /// Characters written as escapes: C0 (tab and line feed included), DEL and C1 (U+0085, which
    /// YAML reads as a line break, included), the line and paragraph separators U+2028 and U+2029
    /// (line breaks to YAML), the bidirectional overrides and isolates, the byte order mark, and
    /// U+FFFE and U+FFFF (not allowed in a YAML stream).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: return true
        default: return isBidiControl(scalar)
        }
    }

    /// Bidirectional overrides and isolates: in a file under review they reorder the text around them.
    static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Strings that other YAML readers would take for something else (booleans, nulls, numbers,
    /// dates, YAML 1.1's merge key `<<` and value key `=`), though a reader without implicit
    /// typing (this package's) takes every scalar as a string.
    static func readsAsOtherType(_ text: String) -> Bool {
        let special: Set<String> = [
            "null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "=", ".inf", "-.inf", "+.inf",
            ".nan",
        ]
        if special.contains(text.lowercased()) { return true }
        let numeric = text.unicodeScalars.allSatisfy { numberCharacters.contains($0) }
        return numeric && text.unicodeScalars.contains { ("0"..."9").contains($0) }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Characters that may not start a plain scalar here: YAML's indicators (`-`, `?` and `:` may,
    /// before a non-space, but not in every reader), and `%` and `@` and the backquote, reserved.
    private static let leadingIndicators = Set("-?:,[]{}#&*!|>'\"%@`".unicodeScalars)
    private static let flowIndicators = Set(",[]{}".unicodeScalars)
    private static let numberCharacters = Set("0123456789+-._eExXoObB:".unicodeScalars)
}
