import RosterCore

/// Text from outside (names, server messages) made inert in Markdown that GitHub or GitLab
/// renders: control and bidirectional characters escaped as a terminal shows them (`\u{1B}`),
/// the characters Markdown reads as markup escaped (`\|`, `\*`, `\~`, `\$`, `&lt;`, `&amp;` …), and
/// what the hosts turn into a notification or a link — a mention (`@team`) and a bare URL
/// (`https://…`, `www.…`) — broken by a zero-width space, as Dependabot and Renovate write them.
enum MarkdownText {
    /// `text` for a line of Markdown (a table cell, a list item, a heading): one line, inert.
    static func escape(_ text: String) -> String {
        var out = ""
        for ch in TerminalText.escape(text) {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "@": out += "@" + zeroWidthSpace
            case "|", "*", "_", "`", "[", "]", "~", "$", "\\": out += "\\\(ch)"
            case "\n", "\r": out += " "
            default: out.append(ch)
            }
        }
        return breakingAutolinks(out)
    }

    /// `text` as a code span: inside one nothing is markup, mentions and links included; a backquote
    /// or a line break, which would end it, is left out.
    static func code(_ text: String) -> String {
        "`" + TerminalText.escape(text).filter { $0 != "`" && !$0.isNewline } + "`"
    }

    /// GitHub's entity for U+200B: invisible, and it ends what a mention or a link would match.
    static let zeroWidthSpace = "&#8203;"

    /// `text` with the starts of bare links broken: `://` (any scheme) and `www.`, in any case.
    static func breakingAutolinks(_ text: String) -> String {
        guard text.contains("://") || text.lowercased().contains("www.") else { return text }
        var out = text.replacingOccurrences(of: "://", with: ":" + zeroWidthSpace + "//")
        var searchFrom = out.startIndex
        while let found = out.range(of: "www.", options: .caseInsensitive, range: searchFrom..<out.endIndex) {
            let dot = out.index(before: found.upperBound)
            out.insert(contentsOf: zeroWidthSpace, at: dot)
            searchFrom = out.index(dot, offsetBy: zeroWidthSpace.count + 1)
        }
        return out
    }
}
