import MPSClient
import RosterApply
import RosterCore
import RosterModel
import RosterReconcile

extension ApplyWorkflow {
    /// How asking for approval ended.
    enum Approval {
        /// Approved, and still true of the space read after the answer: what runs is built from
        /// that read.
        case approved(LivePlan)
        case cancelled
        /// The space changed while the plan waited, and nothing is left to do.
        case nothingLeft
    }

    /// Shows the plan and asks for "yes"; after it, reads the space again before anything is
    /// sent. When an entity the plan touches changed, nothing is sent, and the new plan is shown
    /// and asked for again (or, when it cannot be, the rail refuses).
    func approve(
        _ made: LivePlan, _ request: PlanRequest, _ prompt: any ApprovalPrompt, _ display: any ApplyDisplay
    ) async throws(SessionFailure) -> Approval {
        var shown = made
        while true {
            display.show(shown.plan, people: PeopleView(shown.plan))
            if let refusal = shownRefusal(shown, unanswerable: !prompt.canBeAnswered) { throw refusal }
            guard try prompt.confirm() else { return .cancelled }
            let fresh = try await shown.again(request)
            do throws(SessionFailure) {
                try Rails.check(.approved(approved: shown.plan, fresh: fresh.plan))
                return .approved(fresh)
            } catch {
                guard prompt.canAskAgain else { throw error }
                // The rail's notes name what changed.
                display.changed(error.diagnostics.flatMap { $0.notes.map(\.message) })
            }
            guard fresh.plan.hasChanges else {
                display.show(fresh.plan, people: PeopleView(fresh.plan))
                return .nothingLeft
            }
            shown = fresh
        }
    }

    /// The engine, with the reads and re-plans it needs for recovery and verification.
    func engineFor(
        _ made: LivePlan, _ request: PlanRequest, control: ApplyControl, progress: (@Sendable (String) -> Void)?
    ) -> ApplyEngine {
        let phases = PhaseLog(log)
        let (roster, service, space, endpoint) = (made.roster, made.service, made.space, made.endpoint)
        let read: @Sendable () async throws(LiveReadFailure) -> LiveState = {
            () async throws(LiveReadFailure) -> LiveState in
            let reading = phases.now
            do throws(MPSError) {
                let live = try await service.readLiveState(space: space)
                phases.log(
                    "read the live state (\(live.users.count) people, \(live.teams.count) teams)", since: reading)
                return live
            } catch {
                throw LiveReadFailure(error.message)
            }
        }
        let replan: @Sendable (LiveState) -> (Plan?, [Diagnostic]) = { live in
            let planning = phases.now
            defer { phases.log("planned again", since: planning) }
            // A targeted apply is verified against its own selection.
            do throws(SessionFailure) {
                return (try LivePlan.plan(request, roster: roster, live: live, endpoint: endpoint), [])
            } catch {
                return (nil, error.diagnostics)
            }
        }
        var engine = ApplyEngine(
            executor: GraphQLMutationExecutor(client: service.client, space: space),
            concurrency: settings.concurrency, read: read, replan: replan, control: control, progress: progress)
        if request.due {
            // What is due is verified against the whole roster of the day: what the apps changed is
            // left, and told as left, never taken for verified.
            var day = request
            day.due = false
            let whole = day
            engine.verifying = { live in
                do throws(SessionFailure) {
                    return (try LivePlan.plan(whole, roster: roster, live: live, endpoint: endpoint), [])
                } catch {
                    return (nil, error.diagnostics)
                }
            }
        }
        return engine
    }
}
