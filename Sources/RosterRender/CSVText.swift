import RosterCore

/// Cells of an RFC 4180 CSV file. A text cell comes from outside (a name anyone with access to a
/// space can type) and is made inert: control and bidirectional characters escaped as a terminal
/// shows them (`\u{1B}`), and a cell that a spreadsheet would run as a formula — one that starts
/// with `=`, `+`, `-` or `@` (OWASP's "CSV injection" rule; tab and CR are escaped already) —
/// starts with `'`. A cell roster writes itself (a number, a date, a status) is written as it is.
enum CSVText {
    /// A text cell: escaped, neutralised and quoted where CSV needs it.
    static func text(_ value: String) -> String {
        let escaped = TerminalText.escape(value)
        let inert = escaped.first.map { "=+-@".contains($0) } == true ? "'" + escaped : escaped
        return quoted(inert)
    }

    /// One line of cells, ended by CRLF as RFC 4180 has it.
    static func row(_ cells: [String]) -> String { cells.joined(separator: ",") + "\r\n" }

    private static func quoted(_ value: String) -> String {
        value.contains(where: { ",\"\r\n".contains($0) })
            ? "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : value
    }
}
