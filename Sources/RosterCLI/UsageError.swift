import RosterModel

/// A mistake on the command line. Its message ends with a hint on what to run instead.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public var hint: String

    public init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
