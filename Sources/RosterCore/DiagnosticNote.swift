/// A secondary message attached to a diagnostic, such as "first defined here".
package struct DiagnosticNote: Hashable, Sendable {
    package var location: SourceLocation?
    package var message: String

    package init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }
}
