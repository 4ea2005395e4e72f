import MPSClient
import RosterCore
import RosterModel
import RosterReconcile

/// A plan made against the live space, what `plan`, `apply` and `pull` start from: the space
/// read once, the roster planned against it and narrowed to the selection. Prints nothing.
package struct LivePlan: Sendable {
    package var plan: Plan
    package var roster: Roster
    package var service: MPSService
    /// The space read (nil: the token's own).
    package var space: String?
    /// The endpoint, as plans name it.
    package var endpoint: String

    /// The plan of `roster` against `live`, a state of `space` read through `service` (read after
    /// the roster loaded, so an invalid roster sends no request: docs/decisions.md, "Plan reads
    /// after it loads").
    package init(
        _ request: PlanRequest, roster: Roster, live: LiveState, service: MPSService, space: String?, endpoint: String
    ) throws(SessionFailure) {
        try Self.checkAccess(roster, live)
        plan = try Self.plan(request, roster: roster, live: live, endpoint: endpoint)
        self.roster = roster
        self.service = service
        self.space = space
        self.endpoint = endpoint
    }

    /// The same roster and request planned again against a fresh read of the space.
    package func again(_ request: PlanRequest) async throws(SessionFailure) -> LivePlan {
        let live: LiveState
        do { live = try await service.readLiveState(space: space) } catch { throw SessionFailure(error) }
        return try LivePlan(request, roster: roster, live: live, service: service, space: space, endpoint: endpoint)
    }

    /// A roster that manages access needs the space's owner.
    package static func checkAccess(_ roster: Roster, _ live: LiveState) throws(SessionFailure) {
        guard roster.access != nil && !live.space.isOwner else { return }
        throw SessionFailure(
            "this roster manages access, which only the space's owner can change, and space \"\(live.space.name)\" "
                + "(\(live.space.id)) is not yours; remove `access:` or apply it as the owner",
            kind: .refused, at: roster.access?.location)
    }

    /// The plan for `roster` against `live`, narrowed to the request's selection.
    package static func plan(
        _ request: PlanRequest, roster: Roster, live: LiveState, endpoint: String
    ) throws(SessionFailure) -> Plan {
        let (planned, diagnostics) = Planner.plan(roster: roster, live: live, prune: request.prune, endpoint: endpoint)
        guard let full = planned else { throw SessionFailure(diagnostics: diagnostics) }
        let unmatched = request.selection.unmatched(roster: roster, live: live)
        guard unmatched.isEmpty else {
            throw SessionFailure(diagnostics: unmatched.map { .error($0, at: nil) }, kind: .usage)
        }
        do throws(SelectionError) { return try request.selection.apply(to: full) } catch {
            throw SessionFailure(error.message, kind: .refused)
        }
    }
}
