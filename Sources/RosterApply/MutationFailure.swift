import RosterReconcile

/// Why the server refused one mutation, classified where the server's words are known (the
/// executor: `MPSClient` for MPS), so that apply and its report read a kind, never the text.
package struct MutationFailure: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `addSpaceMember` for an email without an MPS account.
        case noAccount
        /// The database refused the statement (MPS words it as the SQL that failed).
        case databaseRefused
        /// Anything else, in the server's words.
        case other
    }

    var kind: Kind
    /// The server's text, on one line.
    var server: String

    package init(_ kind: Kind, server: String) {
        self.kind = kind
        self.server = server
    }

    /// The failure of `op` in the user's words, and the server's own text when it was reworded.
    func wording(for op: PlanOperation) -> (message: String, serverMessage: String?) {
        switch (kind, op.payload) {
        case (.noAccount, .addSpaceMember(let email)):
            return ("\(email) has no MPS account yet: they must sign in to MPS once, then apply again", server)
        case (.databaseRefused, .deleteUser):
            return (
                "MPS keeps this person: they have schedule or work history; their team memberships are already "
                    + "gone. Protect them (policy.protected) or keep them in the roster", server
            )
        case (.databaseRefused, .createTeam), (.databaseRefused, .updateTeam):
            return (
                "MPS could not store the team's members (a member may no longer exist); the team may be left "
                    + "without members until the next apply", server
            )
        case (.databaseRefused, _): return ("MPS could not store the change (its database refused it)", server)
        default: return (server, nil)
        }
    }
}
