import MPSClient
import RosterCore

/// Why a session against a live space cannot go on: its diagnostics and what kind of failure it
/// is (the command line turns it into an exit code and `--format json`'s error document).
package struct SessionFailure: Error {
    /// What went wrong, for scripts reading `--format json`'s error document.
    package enum Kind: String, Sendable {
        case usage, invalidRoster = "invalid-roster", config, network, auth, server, refused, error
    }

    package var diagnostics: [Diagnostic]
    package var kind: Kind
    /// What the user can do about a failure of the way to MPS; the command line words it.
    package var remedy: MPSError.Remedy?

    package init(_ message: String, at location: SourceLocation? = nil, kind: Kind = .error) {
        diagnostics = [.error(message, at: location)]
        self.kind = kind
    }

    init(diagnostics: [Diagnostic], kind: Kind = .error) {
        self.diagnostics = diagnostics
        self.kind = kind
    }

    /// A failure of MPS or of the way to it, by kind: a space the token cannot open is refused,
    /// a lost session is `auth`, the network's failures are `network`, the rest `server`.
    init(_ error: MPSError) {
        switch error {
        case .spaceNotAccessible: self.init(error.message, kind: .refused)
        case .invalidToken: self.init(error.message, kind: .auth)
        case .cannotConnect, .timedOut, .connectionLost, .insecureEndpoint, .redirected, .tls, .responseTooLarge:
            self.init(error.message, kind: .network)
        default: self.init(error.message, kind: .server)
        }
        remedy = error.remedy
    }
}
