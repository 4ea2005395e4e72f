import RosterCore

/// `access:`: the MPS accounts, by email, that may open and change the space besides its
/// owner. Emails compare without regard to case.
package struct AccessPolicy: Sendable {
    package var members: [Located<String>] = []
    /// Remove live members the roster does not list (else they are reported as drift).
    package var prune = false
    package var location: SourceLocation?

    init(members: [Located<String>] = [], prune: Bool = false, location: SourceLocation? = nil) {
        self.members = members
        self.prune = prune
        self.location = location
    }

    /// The key an email is compared by.
    package static func key(_ email: String) -> String { email.lowercased() }

    /// What is wrong with `email` as an MPS account's address, if anything.
    package static func problem(_ email: String) -> String? {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count != 2 || parts[0].isEmpty || parts[1].isEmpty { return "is not an email address (one `@`)" }
        if email.unicodeScalars.contains(where: { $0.properties.isWhitespace || TerminalText.isUnsafe($0) }) {
            return "is not an email address (it holds a space or a control character)"
        }
        return nil
    }
}
