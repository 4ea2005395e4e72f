import RosterCore

/// Text for an HTML page: what people typed, inert in an element's text and in a quoted attribute
/// alike. Control and format characters (bidi overrides, line separators) are first made visible
/// as a terminal shows them (``TerminalText``), then `&`, `<`, `>`, `"` and `'` become references.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for ch in TerminalText.escape(text) {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(ch)
            }
        }
        return out
    }

    /// A name, isolated from the text around it (`<bdi>`): a right-to-left name never reorders
    /// the words beside it.
    static func name(_ text: String) -> String { "<bdi>" + escape(text) + "</bdi>" }
}
