/// A manual page as the command registry describes it, for ``ManualPage/mdoc(date:version:)``.
package struct ManualPage: Sendable {
    /// One option: its name (`--format`), its value's placeholder (`text|json`), and its help.
    package struct Option: Sendable {
        var name: String
        var value: String?
        var help: String

        package init(name: String, value: String?, help: String) {
            self.name = name
            self.value = value
            self.help = help
        }
    }

    /// A titled list of terms and their descriptions (COMMANDS, ENVIRONMENT, EXIT STATUS, FILES).
    package struct Section: Sendable {
        var title: String
        var items: [(term: String, text: String)]

        package init(title: String, items: [(term: String, text: String)]) {
            self.title = title
            self.items = items
        }
    }

    /// The page's name: `roster`, or `roster-plan` for a command.
    var name: String
    /// The one-line description (NAME).
    var summary: String
    /// The command as typed (`roster plan`) and its arguments as `help` shows them.
    var command: String
    var arguments: String
    var description: [String]
    var options: [Option]
    var sections: [Section]
    var seeAlso: [String]

    package init(
        name: String, summary: String, command: String, arguments: String, description: [String],
        options: [Option], sections: [Section] = [], seeAlso: [String] = []
    ) {
        self.name = name
        self.summary = summary
        self.command = command
        self.arguments = arguments
        self.description = description
        self.options = options
        self.sections = sections
        self.seeAlso = seeAlso
    }

    /// The page in mdoc, the manual's semantic macros (`man 7 mdoc`), as `mandoc -T lint` accepts it.
    package func mdoc(date: String, version: String) -> String {
        var lines = [
            ".Dd \(date)", ".Dt \(name.uppercased()) 1", ".Os roster \(version)", ".Sh NAME", ".Nm \(name)",
            ".Nd \(Self.escape(summary.trimmingTrailingPeriod))", ".Sh SYNOPSIS", ".Nm \(command)",
        ]
        if !arguments.isEmpty { lines.append(Self.escape(arguments)) }
        lines += [".Sh DESCRIPTION"] + description.flatMap { [Self.escape($0), ".Pp"] }.dropLast()
        if !options.isEmpty {
            lines += [".Sh OPTIONS", ".Bl -tag -width Ds"]
            for option in options {
                lines.append(".It Fl \(Self.flag(option.name))" + (option.value.map { " Ar \(Self.escape($0))" } ?? ""))
                lines.append(Self.escape(option.help))
            }
            lines.append(".El")
        }
        for section in sections {
            lines += [".Sh \(section.title)", ".Bl -tag -width Ds"]
            for item in section.items { lines += [".It \(Self.escape(item.term))", Self.escape(item.text)] }
            lines.append(".El")
        }
        if !seeAlso.isEmpty {
            lines.append(".Sh SEE ALSO")
            for (n, page) in seeAlso.enumerated() {
                lines.append(".Xr \(page) 1" + (n < seeAlso.count - 1 ? " ," : ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--format` as `Fl` takes it (one dash is the macro's own), with dashes escaped.
    static func flag(_ name: String) -> String {
        String(name.dropFirst()).replacingOccurrences(of: "-", with: "\\-")
    }

    /// A text line as roff reads it: backslashes escaped, and a line never starting with a control
    /// character (`.` or `'`), which roff would take for a request.
    static func escape(_ text: String) -> String {
        var escaped = text.replacingOccurrences(of: "\\", with: "\\e")
        // roff input is ASCII: the few other characters the help texts use, as roff names them.
        for (character, name) in [("…", "..."), ("—", "\\(em"), ("–", "\\(en"), ("→", "\\(->"), ("’", "'")] {
            escaped = escaped.replacingOccurrences(of: character, with: name)
        }
        return escaped.first == "." || escaped.first == "'" ? "\\&" + escaped : escaped
    }
}

extension String {
    fileprivate var trimmingTrailingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
}
