import RosterCore

/// What an edit command says: what the edit did (or why nothing changes), a line each, then the
/// files it wrote; or the same as the one JSON envelope.
package enum EditReport {
    /// The text report; with `written` false (`--dry-run`) the files are those that would change.
    package static func text(summary: [String], files: [String], written: Bool) -> String {
        var out = summary.map { TerminalText.escape($0) + "\n" }.joined()
        if files.isEmpty { return out }
        out += written ? "Wrote \(files.joined(separator: ", ")).\n" : "Would write \(files.joined(separator: ", ")).\n"
        return out
    }

    /// `summary`, the `files` changed, whether they were `written`, and the `patch` (`--dry-run`).
    package static func json(summary: [String], files: [String], written: Bool, patch: String?) -> String {
        let strings = { (items: [String]) in JSONValue.array(items.map(JSONValue.string)) }
        var fields: [(String, JSONValue)] = [
            ("summary", strings(summary)), ("files", strings(files)), ("written", .bool(written)),
            ("changed", .bool(!files.isEmpty)),
        ]
        if let patch { fields.append(("patch", .string(patch))) }
        return JSONEnvelope.wrap(fields).rendered(indent: 2) + "\n"
    }
}
