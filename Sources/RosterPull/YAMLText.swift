import RosterReconcile
import RosterYAML

/// How pull writes a string: plain where YAML reads the text back as the same string (the
/// emitter's rule for what other readers misread, plus what a plain scalar cannot hold in
/// place), else double-quoted with control and bidirectional characters escaped.
enum YAMLText {
    static func scalar(_ value: String, inFlow: Bool) -> String {
        let indicators: Set<Character> = [
            "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
        ]
        let plain =
            !YAMLEmitter.needsQuotes(value) && !indicators.contains(value.first ?? " ")
            && value.first != " " && value.last != " " && !value.contains(": ") && !value.contains(" #")
            && !value.hasSuffix(":") && !(inFlow && value.contains(where: { ",[]{}".contains($0) }))
            && !value.unicodeScalars.contains(where: needsEscape)
        guard !plain else { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Control characters (C0, DEL, C1) and bidirectional controls, written as escapes.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || YAMLEmitter.isBidiControl(scalar)
    }

    /// A name written in place of one quoted with `quote` (`"` or `'`), quoted the same way; nil
    /// for any other value or quote.
    static func requoted(_ value: WrittenValue, like quote: Character?) -> String? {
        guard case .text(let text) = value else { return nil }
        if quote == "'" && !text.unicodeScalars.contains(where: needsEscape) {
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
        guard quote == "\"" else { return nil }
        let written = scalar(text, inFlow: true)
        if written.hasPrefix("\"") { return written }
        // Plain-safe text holds no control characters: only `\` and `"` need escaping.
        return "\"" + written.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }

    static func flowList(_ values: [String]) -> String {
        "[" + values.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
    }
}
