import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// A plan made against the live space, what `plan`, `apply` and `pull` start from: the roster
/// loaded, the space read once, the plan made and narrowed to the selection.
struct LivePlan {
    var plan: Plan
    var roster: Roster
    var connection: Connection
    var service: MPSService

    /// Loads the roster, reads the live space and plans. The roster is loaded before the read,
    /// so an invalid roster sends no request and the one read goes straight to the space the
    /// roster names (docs/decisions.md: "Plan reads after it loads").
    static func make(
        _ request: PlanRequest, _ options: ConnectionOptions, _ context: CommandContext
    ) async throws(CommandFailure) -> LivePlan {
        let phases = PhaseLog(verbose: options.verbose, context)
        var connection = try Connection.resolve(options, context)
        if let space = request.space { connection.endpoint.space = space }
        let loading = phases.now
        let (roster, warnings) = try LiveSession.loadRoster(request.paths)
        phases.log("loaded \(roster.people.count) people and \(roster.teams.count) teams", since: loading)
        if !warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(warnings)) }
        if !connection.warnings.isEmpty { context.console.writeErr(DiagnosticRenderer.text(connection.warnings)) }
        // The roster's `space` comes after --space, MPS_SPACE and the profile.
        if connection.endpoint.space == nil { connection.endpoint.space = roster.space?.value }
        let service = MPSService(client: connection.client(context))
        let live = try await LiveSession.read(service, space: connection.endpoint.space, context)
        try checkAccess(roster, live)
        let planning = phases.now
        let plan = try plan(request, roster: roster, live: live, endpoint: connection.endpoint.url.absoluteString)
        phases.log("planned \(plan.changes.count) changes in \(plan.steps.count) steps", since: planning)
        return LivePlan(plan: plan, roster: roster, connection: connection, service: service)
    }

    /// The same roster and request planned again against a fresh read of the space.
    func again(_ request: PlanRequest) async throws(CommandFailure) -> LivePlan {
        let live: LiveState
        do { live = try await service.readLiveState(space: connection.endpoint.space) } catch {
            throw LiveSession.failure(error)
        }
        try Self.checkAccess(roster, live)
        var made = self
        made.plan = try Self.plan(request, roster: roster, live: live, endpoint: connection.endpoint.url.absoluteString)
        return made
    }

    /// A roster that manages access needs the space's owner.
    static func checkAccess(_ roster: Roster, _ live: LiveState) throws(CommandFailure) {
        guard roster.access != nil && !live.space.isOwner else { return }
        throw CommandFailure(
            "this roster manages access, which only the space's owner can change, and space \"\(live.space.name)\" "
                + "(\(live.space.id)) is not yours; remove `access:` or apply it as the owner",
            exitCode: ExitCode.refused, at: roster.access?.location)
    }

    /// The plan for `roster` against `live`, narrowed to the request's selection.
    static func plan(
        _ request: PlanRequest, roster: Roster, live: LiveState, endpoint: String
    ) throws(CommandFailure) -> Plan {
        let (planned, diagnostics) = Planner.plan(roster: roster, live: live, prune: request.prune, endpoint: endpoint)
        guard let full = planned else { throw CommandFailure(diagnostics: diagnostics) }
        let unmatched = request.selection.unmatched(roster: roster, live: live)
        guard unmatched.isEmpty else {
            throw CommandFailure(diagnostics: unmatched.map { .error($0, at: nil) }, kind: .usage)
        }
        do throws(SelectionError) { return try request.selection.apply(to: full) } catch {
            throw CommandFailure(error.message, exitCode: ExitCode.refused)
        }
    }
}
