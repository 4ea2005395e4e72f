import RosterCore
import RosterModel

/// Renders diagnostics compiler-style, as JSON, or as GitHub Actions workflow commands.
package enum DiagnosticRenderer {
    /// At most this many diagnostics are printed as text (`--format json` keeps them all):
    /// 100,000 broken people must not flood a terminal with 300,000 lines.
    static let textLimit = 200

    /// `file:line:col: error: message`, each note on its own line after its diagnostic; past
    /// `limit` diagnostics, one line says how many more there are. With `codes`, each diagnostic
    /// ends with its code in brackets, as compilers name a warning's flag (`[unknown-key]`).
    package static func text(
        _ diagnostics: [Diagnostic], color: Bool = false, codes: Bool = false, limit: Int = textLimit
    ) -> String {
        var out = ""
        for d in diagnostics.prefix(limit) {
            let suffix = codes ? d.code.map { " [\($0.rawValue)]" } ?? "" : ""
            out += line(d.location, d.severity.rawValue, d.message + suffix, color: color)
            for note in d.notes {
                out += line(note.location, "note", note.message, color: color)
            }
        }
        if diagnostics.count > limit {
            out += "… and \(diagnostics.count - limit) more (`--format json` lists them all)\n"
        }
        return out
    }

    private static func line(_ location: SourceLocation?, _ severity: String, _ message: String, color: Bool) -> String
    {
        var label = severity + ":"
        if color {
            let code = severity == "error" ? "1;31" : severity == "warning" ? "1;33" : "1;36"
            label = "\u{1B}[\(code)m\(label)\u{1B}[0m"
        }
        // Messages quote names and paths, which may hold control characters.
        let message = TerminalText.escape(message)
        guard let location else { return "\(label) \(message)\n" }
        return "\(TerminalText.escape(location.description)): \(label) \(message)\n"
    }

    /// A closing line such as `2 errors, 1 warning.`; empty when there is nothing to count.
    package static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append(errors == 1 ? "1 error" : "\(errors) errors") }
        if warnings > 0 { parts.append(warnings == 1 ? "1 warning" : "\(warnings) warnings") }
        return parts.isEmpty ? "" : parts.joined(separator: ", ") + ".\n"
    }

    /// `roster.yaml: valid roster: 3 people, 1 team, 2 level limits.`
    package static func valid(_ roster: Roster, paths: [String]) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? "1 \(one)" : "\(n) \(many)" }
        return "\(paths.map { $0 == "-" ? "<stdin>" : $0 }.joined(separator: ", ")): valid roster: "
            + "\(count(roster.people.count, "person", "people")), \(count(roster.teams.count, "team", "teams")), "
            + "\(count(roster.levels.count, "level limit", "level limits")).\n"
    }

    /// `{"diagnostics": [...], "errors": N, "warnings": N}` as docs/roster-file.md describes.
    package static func json(_ diagnostics: [Diagnostic]) -> JSONValue {
        .object([
            ("diagnostics", items(diagnostics)),
            ("errors", .int(diagnostics.filter { $0.severity == .error }.count)),
            ("warnings", .int(diagnostics.filter { $0.severity == .warning }.count)),
        ])
    }

    /// The diagnostics as a JSON array of `{"file", "line", "column", "severity", "message", "notes"}`.
    package static func items(_ diagnostics: [Diagnostic]) -> JSONValue {
        func location(_ l: SourceLocation?) -> [(String, JSONValue)] {
            guard let l else { return [("file", .null), ("line", .null), ("column", .null)] }
            return [
                ("file", .string(l.file)), ("line", l.line > 0 ? .int(l.line) : .null),
                ("column", l.column > 0 ? .int(l.column) : .null),
            ]
        }
        let items: [JSONValue] = diagnostics.map { d in
            .object(
                location(d.location) + [
                    ("severity", .string(d.severity.rawValue)),
                    ("code", d.code.map { .string($0.rawValue) } ?? .null),
                    ("message", .string(d.message)),
                    (
                        "notes",
                        .array(d.notes.map { .object(location($0.location) + [("message", .string($0.message))]) })
                    ),
                ])
        }
        return .array(items)
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`).
    package static func githubAnnotations(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for d in diagnostics.filter({ $0.severity != .note }).prefix(textLimit) {
            var properties: [String] = []
            if let l = d.location {
                properties.append("file=\(escapeProperty(l.file))")
                if l.line > 0 { properties.append("line=\(l.line),col=\(l.column)") }
            }
            let head =
                properties.isEmpty
                ? "::\(d.severity.rawValue)" : "::\(d.severity.rawValue) \(properties.joined(separator: ","))"
            out += "\(head)::\(escapeData(TerminalText.escape(d.message)))\n"
        }
        return out
    }

    private static func escapeData(_ s: String) -> String {
        s.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    private static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    /// Replaces every occurrence of `target` without Foundation.
    func replacingAll(_ target: String, _ replacement: String) -> String {
        guard contains(target) else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
