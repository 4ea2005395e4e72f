import RosterYAML

/// How pull and the edit commands write a string: by ``YAMLQuoting``'s rule, which export's writer
/// follows too.
enum YAMLText {
    static func scalar(_ value: String, inFlow: Bool) -> String {
        YAMLQuoting.written(value, inFlow: inFlow)
    }

    /// A name written in place of one quoted with `quote` (`"` or `'`), quoted the same way; nil
    /// for any other value or quote.
    static func requoted(_ value: WrittenValue, like quote: Unicode.Scalar?) -> String? {
        guard case .text(let text) = value else { return nil }
        if quote == "'", let quoted = YAMLQuoting.singleQuoted(text) { return quoted }
        return quote == "\"" ? YAMLQuoting.doubleQuoted(text) : nil
    }

    static func flowList(_ values: [String]) -> String {
        "[" + values.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
    }
}
