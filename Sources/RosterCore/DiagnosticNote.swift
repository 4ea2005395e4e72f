/// A secondary message attached to a diagnostic, such as "first defined here".
public struct DiagnosticNote: Hashable, Sendable {
    public var location: SourceLocation?
    public var message: String

    public init(location: SourceLocation?, message: String) {
        self.location = location
        self.message = message
    }
}
