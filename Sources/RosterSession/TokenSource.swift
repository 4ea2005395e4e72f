/// Where the session token in use came from, in the order the connection looks: never the token
/// itself. `auth status` shows it; `auth logout` signs out only of ``storedLogin(place:)``.
package enum TokenSource: Sendable, Equatable {
    /// Handed to the connection to be checked (`auth login`).
    case given
    /// `--token-file FILE`.
    case tokenFile(String)
    /// `MPS_TOKEN`.
    case environment
    /// The profile's `tokenFile`.
    case profileTokenFile(String)
    /// The login `roster auth login` stored for the profile, kept at `place`.
    case storedLogin(place: String)

    /// Whether roster stored this token itself (and so may forget it).
    var isStoredLogin: Bool {
        if case .storedLogin = self { return true }
        return false
    }

    /// How `auth status` and `auth logout` name the source.
    package var description: String {
        switch self {
        case .given: "the login being checked"
        case .tokenFile(let file): "--token-file \(file)"
        case .environment: "the environment (MPS_TOKEN)"
        case .profileTokenFile(let file): "the profile's tokenFile \(file)"
        case .storedLogin(let place): "the login stored by `roster auth login` in \(place)"
        }
    }
}
