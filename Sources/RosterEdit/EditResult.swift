import RosterCore

/// What an edit did: the files' new texts (only those that change) and what it did, a line each,
/// in a manager's words. No changed file: the roster already says it.
package struct EditResult: Sendable {
    /// The new text of each file that changes.
    package var changed: [String: String]
    /// What the edit does, or why nothing changes.
    package var summary: [String]
    /// What the edited roster warns about (a rule of severity warning).
    package var warnings: [Diagnostic] = []

    /// Whether the roster already said it.
    var isUnchanged: Bool { changed.isEmpty }
}

/// Why an edit is refused: nothing is written. Each diagnostic is positioned where it can be
/// (the entry or the list that the name was looked up in, or the edited file's line).
package struct EditRefusal: Error, Sendable {
    /// Why, positioned where it can be.
    package var diagnostics: [Diagnostic]

    init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation?) {
        diagnostics = [.error(code, message, at: location)]
    }
}
