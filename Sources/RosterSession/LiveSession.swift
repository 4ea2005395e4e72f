import MPSClient
import RosterCore
import RosterModel

/// A roster loaded and a live space read, printing nothing: what they say about themselves
/// (the roster's warnings, the server's notices) comes back as diagnostics.
package enum LiveSession {
    /// Reads the live state of `space`, with what to say once about it: what of it this roster
    /// does not know (a newer MPS) or what the server lacks (an older one).
    static func read(
        _ service: MPSService, space: String?
    ) async throws(SessionFailure) -> (LiveState, notices: [Diagnostic]) {
        do {
            let live = try await service.readLiveState(space: space)
            return (live, notices(live))
        } catch {
            throw SessionFailure(error)
        }
    }

    /// Warnings about the server's version: what it lacks (older), values it uses that roster
    /// does not know (newer).
    static func notices(_ live: LiveState) -> [Diagnostic] {
        let version = RosterVersion.current
        let lacking: [Diagnostic] = ServerFeature.allCases.filter(live.lacking.contains).map {
            .warning(
                .olderServer,
                "this MPS has no \($0.description) (it is older than roster \(version)); going on without them",
                at: nil)
        }
        let unknown = live.unknownValues
        guard !unknown.isEmpty else { return lacking }
        return lacking + [
            .warning(
                .newerServer,
                "the server uses values this version of roster does not know: \(unknown.joined(separator: ", ")); "
                    + "this MPS is newer than roster \(version): they are kept as the server wrote them", at: nil)
        ]
    }

    /// The live state of the space the connection names (the connection's warnings said first),
    /// and whether a space was named (export pins it).
    package static func readSpace(
        _ options: ConnectionOptions, environment: [String: String], log: SessionLog
    ) async throws(SessionFailure) -> (live: LiveState, named: Bool) {
        let connection = try Connection.resolve(options, environment: environment)
        log.say(connection.warnings)
        let (live, notices) = try await read(
            MPSService(client: connection.client(log)), space: connection.endpoint.space)
        log.say(notices)
        return (live, connection.endpoint.space != nil)
    }

    /// Loads a roster; an invalid one fails with its diagnostics, a valid one comes with its warnings.
    package static func loadRoster(_ paths: [String]) throws(SessionFailure) -> (Roster, warnings: [Diagnostic]) {
        let result = RosterLoader().load(paths: paths.isEmpty ? [RosterLoader.defaultRoster()] : paths)
        guard result.isValid else { throw SessionFailure(diagnostics: result.diagnostics, kind: .invalidRoster) }
        return (result.roster, result.diagnostics)
    }
}
