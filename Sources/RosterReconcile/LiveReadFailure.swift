/// Why the live state could not be read, in the user's words (the engine knows no networking).
public struct LiveReadFailure: Error, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }
}
