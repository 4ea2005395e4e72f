/// One problem found in the input. Layers return these as values; only the executable prints.
package struct Diagnostic: Hashable, Sendable {
    package var severity: Severity
    /// Where the problem is; nil for problems that belong to no file (a bad option).
    package var location: SourceLocation?
    package var message: String
    package var notes: [DiagnosticNote]
    /// What kind of problem it is, for code that acts on it: code never reads message text.
    package var code: DiagnosticCode?
    /// The live entities (people or teams, by id) the problem is about, for code that acts on it.
    package var liveIDs: [Int] = []

    package init(
        _ severity: Severity, at location: SourceLocation?, _ message: String, notes: [DiagnosticNote] = [],
        code: DiagnosticCode? = nil
    ) {
        self.severity = severity
        self.location = location
        self.message = message
        self.notes = notes
        self.code = code
    }

    /// An error at `location`.
    package static func error(
        _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.error, at: location, message, notes: notes)
    }

    /// A warning at `location`.
    package static func warning(
        _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []
    ) -> Diagnostic {
        Diagnostic(.warning, at: location, message, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// Diagnostics in the order users read them: by file, line and column; those without a
    /// location first. The sort is stable, so problems at one position keep their order.
    package func sortedForDisplay() -> [Diagnostic] {
        enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (la?, lb?): return la == lb ? a.offset < b.offset : la < lb
            }
        }.map(\.element)
    }

    /// Whether any diagnostic is an error.
    package var hasErrors: Bool { contains { $0.severity == .error } }
}

/// A stable name for a kind of diagnostic, as a linter names its rules.
package struct DiagnosticCode: RawRepresentable, Hashable, Sendable {
    package var rawValue: String

    package init(rawValue: String) { self.rawValue = rawValue }

    /// A file with no YAML document in it.
    package static let noDocument = DiagnosticCode(rawValue: "no-document")
    /// A roster name that matches several live entities.
    package static let ambiguousMatch = DiagnosticCode(rawValue: "ambiguous-match")
}

/// How serious a diagnostic is.
package enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}

/// A secondary message attached to a diagnostic, such as "first defined here".
package struct DiagnosticNote: Hashable, Sendable {
    package var location: SourceLocation?
    package var message: String

    package init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }
}
