import MPSClient
import RosterCore
import RosterModel
import RosterReconcile

/// A plan made against the live space, what `plan`, `apply` and `pull` start from: the space
/// read once, the roster planned against it and narrowed to the selection. Prints nothing.
package struct LivePlan: Sendable {
    package var plan: Plan
    package var roster: Roster
    var service: MPSService
    /// The space read (nil: the token's own).
    var space: String?
    /// The endpoint, as plans name it.
    var endpoint: String

    /// The plan of `roster` against `live`, a state of `space` read through `service` (read after
    /// the roster loaded, so an invalid roster sends no request: docs/decisions.md, "Plan reads
    /// after it loads").
    init(
        _ request: PlanRequest, roster: Roster, live: LiveState, service: MPSService, space: String?, endpoint: String
    ) throws(SessionFailure) {
        plan = try Self.plan(request, roster: roster, live: live, endpoint: endpoint)
        self.roster = roster
        self.service = service
        self.space = space
        self.endpoint = endpoint
    }

    /// The plan a command asks for: the connection resolved, the roster loaded (its warnings and
    /// the connection's said before the space is read), the space read and planned, each phase
    /// timed with `--verbose`.
    package static func make(
        _ request: PlanRequest, _ options: ConnectionOptions, environment: [String: String], log: SessionLog
    ) async throws(SessionFailure) -> LivePlan {
        let phases = PhaseLog(log)
        var connection = try Connection.resolve(options, environment: environment)
        if let space = request.space { connection.endpoint.space = space }
        let loading = phases.now
        let (roster, warnings) = try LiveSession.loadRoster(request.paths)
        phases.log("loaded \(roster.people.count) people and \(roster.teams.count) teams", since: loading)
        log.say(warnings)
        log.say(connection.warnings)
        // The roster's `space` comes after --space, MPS_SPACE and the profile.
        if connection.endpoint.space == nil { connection.endpoint.space = roster.space?.value }
        let service = MPSService(client: connection.client(log))
        let (live, notices) = try await LiveSession.read(service, space: connection.endpoint.space)
        log.say(notices)
        let planning = phases.now
        let made = try LivePlan(
            request, roster: roster, live: live, service: service, space: connection.endpoint.space,
            endpoint: connection.endpoint.url.absoluteString)
        phases.log("planned \(made.plan.changes.count) changes in \(made.plan.steps.count) steps", since: planning)
        return made
    }

    /// The same roster and request planned again against a fresh read of the space.
    func again(_ request: PlanRequest) async throws(SessionFailure) -> LivePlan {
        let live: LiveState
        do { live = try await service.readLiveState(space: space) } catch { throw SessionFailure(error) }
        return try LivePlan(request, roster: roster, live: live, service: service, space: space, endpoint: endpoint)
    }

    /// The plan for `roster` against `live`, narrowed to the request's selection, once the rails
    /// of a plan let it be made.
    static func plan(
        _ request: PlanRequest, roster: Roster, live: LiveState, endpoint: String
    ) throws(SessionFailure) -> Plan {
        // A selection of people plans the roster's teams focused on them: a team update replaces
        // the whole member list, and must move only the people selected.
        let focus: PlanSelection.Focus
        // `--due`: the live space with what is due laid over it.
        let planned = request.due ? DueRoster.make(roster, live: live, asOf: request.asOf) : nil
        do throws(SelectionError) { focus = try request.selection.focus(planned?.roster ?? roster, live: live) } catch {
            throw SessionFailure(error.message, kind: .refused)
        }
        let (made, diagnostics) = Planner.plan(
            roster: focus.roster, live: live, prune: request.prune, endpoint: endpoint, asOf: request.asOf)
        guard var full = made else { throw SessionFailure(diagnostics: diagnostics) }
        full.due = planned?.conflicts
        if planned != nil {
            // Dated deletes were reviewed with their change; apply of what is due does not refuse them.
            full.warnings.removeAll { if case .tooManyDeletes = $0 { true } else { false } }
        }
        try Rails.check(.planned(request, roster, live))
        let selected: Plan
        do throws(SelectionError) { selected = try request.selection.apply(to: full, focus: focus) } catch {
            throw SessionFailure(error.message, kind: .refused)
        }
        return request.reviewed.map { ReviewCoverage.narrow(selected, reviewed: $0) } ?? selected
    }
}
