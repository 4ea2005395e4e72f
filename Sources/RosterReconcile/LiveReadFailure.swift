/// Why the live state could not be read, in the user's words (the engine knows no networking).
package struct LiveReadFailure: Error, Sendable {
    package var message: String

    package init(_ message: String) { self.message = message }
}
