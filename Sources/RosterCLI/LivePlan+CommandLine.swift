import MPSClient
import RosterCore
import RosterModel
import RosterRender
import RosterSession

extension LivePlan {
    /// The plan a command asks for: its connection resolved, the roster loaded (its warnings and
    /// the connection's printed before the space is read), the space read and planned, the
    /// server's notices printed, each phase timed with `--verbose`.
    static func make(
        _ request: PlanRequest, _ options: ConnectionOptions, _ context: CommandContext
    ) async throws(CommandFailure) -> LivePlan {
        let phases = PhaseLog(verbose: options.verbose, context)
        var connection = try Connection.resolve(options, context)
        if let space = request.space { connection.endpoint.space = space }
        let loading = phases.now
        let (roster, warnings) = try LiveSession.loaded(request.paths)
        phases.log("loaded \(roster.people.count) people and \(roster.teams.count) teams", since: loading)
        if !warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(warnings)) }
        if !connection.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(connection.warnings)) }
        // The roster's `space` comes after --space, MPS_SPACE and the profile.
        if connection.endpoint.space == nil { connection.endpoint.space = roster.space?.value }
        let service = MPSService(client: connection.client(context))
        let live = try await LiveSession.read(service, space: connection.endpoint.space, context)
        let planning = phases.now
        do throws(SessionFailure) {
            let made = try LivePlan(
                request, roster: roster, live: live, service: service, space: connection.endpoint.space,
                endpoint: connection.endpoint.url.absoluteString)
            phases.log("planned \(made.plan.changes.count) changes in \(made.plan.steps.count) steps", since: planning)
            return made
        } catch {
            throw CommandFailure(error)
        }
    }
}

extension LiveSession {
    /// Reads the live state of `space`, printing once what the server's version means.
    static func read(
        _ service: MPSService, space: String?, _ context: CommandContext
    ) async throws(CommandFailure) -> LiveState {
        do throws(SessionFailure) {
            let (live, notices) = try await read(service, space: space)
            if !notices.isEmpty { context.console.writeErr(DiagnosticRenderer.text(notices)) }
            return live
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Loads a roster for a command; an invalid one fails the command with its diagnostics.
    static func loaded(_ paths: [String]) throws(CommandFailure) -> (Roster, [Diagnostic]) {
        do throws(SessionFailure) { return try loadRoster(paths) } catch { throw CommandFailure(error) }
    }
}
