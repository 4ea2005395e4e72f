/// A selection that cannot be made: the reason, in the user's words.
package struct SelectionError: Error, Sendable, Equatable {
    package var message: String
}
