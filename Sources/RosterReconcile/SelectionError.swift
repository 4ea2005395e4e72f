/// A selection that cannot be made: the reason, in the user's words.
public struct SelectionError: Error, Sendable, Equatable {
    public var message: String
}
