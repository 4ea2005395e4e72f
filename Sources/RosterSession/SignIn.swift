import MPSClient
import RosterCore
import RosterModel

/// Sign-in and sign-out, printing nothing: `auth login` checks a token with the server and
/// stores it for the profile; `auth logout` ends the stored login's session and forgets it;
/// `auth status` says whose token is in use and where it came from.
package enum SignIn {
    /// Who a session token belongs to.
    typealias User = (id: String, name: String, email: String)

    /// A login stored.
    package struct Login: Sendable {
        package var endpoint: String
        package var user: (id: String, name: String, email: String)
        /// Where the token is kept, and the profile it is kept for.
        package var place: String
        package var profile: String
    }

    /// A stored login forgotten.
    package struct Logout: Sendable {
        package var profile: String
        /// nil: ended on the server; else why it could not be.
        package var serverFailure: String?
        /// Where the token in use comes from, when roster did not store it (and leaves it alone).
        package var untouched: TokenSource?

        /// What logout says of a token it leaves alone.
        package static func untouchedNote(_ source: TokenSource) -> String {
            " The token in use comes from \(source.description); roster did not store it and leaves it alone."
        }
    }

    /// The token's owner, spaces and who may open their own space, for `auth status`.
    package struct Status: Sendable {
        package var endpoint: String
        package var user: (id: String, name: String, email: String)
        package var spaces: [LiveSpace]
        package var members: [LiveMember]
        /// The space in use, if one is named.
        package var selected: String?
        package var tokenSource: TokenSource
    }

    /// Checks `token` with the server and stores it for the profile, only if it is a valid session.
    package static func login(
        token: String, _ options: ConnectionOptions, environment: [String: String], log: SessionLog
    ) async throws(SessionFailure) -> Login {
        let connection = try Connection.resolve(options, environment: environment, token: token)
        let user = try await owner(of: connection, log: log) {
            SessionFailure("the server says this token is not a valid session; nothing was stored", kind: .auth)
        }
        let store = TokenStore(environment: environment)
        let profile = TokenStore.profile(connection.profile)
        try store.write(token, for: profile)
        return Login(
            endpoint: connection.endpoint.url.absoluteString, user: user, place: store.place(profile), profile: profile)
    }

    /// Ends the session of the login `roster auth login` stored for the profile in use, and
    /// forgets it. A token roster did not store (`--token-file`, `MPS_TOKEN`, a profile's
    /// `tokenFile`) is left alone, as gh leaves `GH_TOKEN`: it is the user's.
    package static func logout(
        _ options: ConnectionOptions, environment env: [String: String], log: SessionLog
    ) async throws(SessionFailure) -> Logout {
        let store = TokenStore(environment: env)
        let named = try Connection.named(options, env)
        let config = try ConfigFile.profile(named: named, environment: env).0
        let profile = TokenStore.profile(config?.name ?? named)
        var warnings: [Diagnostic] = []
        let (inUse, source) = try Connection.token(options, env, profile: config, name: profile, warnings: &warnings)
        let untouched = inUse != nil && !source.isStoredLogin ? source : nil
        guard let stored = store.read(profile) else {
            let note = untouched.map { Logout.untouchedNote($0) }
            throw SessionFailure(
                "no login is stored for profile \(profile); nothing to sign out of.\(note ?? "")", kind: .auth)
        }
        var storedOnly = options
        storedOnly.tokenFile = nil
        let connection = try Connection.resolve(storedOnly, environment: env, token: stored)
        var failure: String?
        do { try await MPSService(client: connection.client(log)).signOut() } catch { failure = error.message }
        _ = store.remove(profile)
        return Logout(profile: profile, serverFailure: failure, untouched: untouched)
    }

    /// Whose token is in use, from where, and what it opens.
    package static func status(
        _ options: ConnectionOptions, environment: [String: String], log: SessionLog
    ) async throws(SessionFailure) -> Status {
        let connection = try Connection.resolve(options, environment: environment)
        log.say(connection.warnings)
        let user = try await owner(of: connection, log: log) { SessionFailure(MPSError.invalidToken) }
        let service = MPSService(client: connection.client(log))
        do {
            return Status(
                endpoint: connection.endpoint.url.absoluteString, user: user, spaces: try await service.spaces(),
                members: try await service.members(), selected: connection.endpoint.space,
                tokenSource: connection.tokenSource)
        } catch {
            throw SessionFailure(error)
        }
    }

    /// The user whose session the connection's token is; `invalid` when it is none.
    static func owner(
        of connection: Connection, log: SessionLog, invalid: () -> SessionFailure
    ) async throws(SessionFailure) -> User {
        let session: User?
        do { session = try await MPSService(client: connection.client(log)).session() } catch {
            throw SessionFailure(error)
        }
        guard let session else { throw invalid() }
        return session
    }
}
