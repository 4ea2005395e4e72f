import RosterModel

/// A mistake on the command line. Its message ends with a hint on what to run instead.
package struct UsageError: Error, Equatable, Sendable {
    package var message: String
    package var hint: String

    package init(message: String, hint: String) {
        self.message = message
        self.hint = hint
    }
}
