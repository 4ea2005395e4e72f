import RosterCore
import RosterModel
import RosterReconcile

/// One safety rail: a check that refuses a plan or an apply before anything is sent. Every rail
/// is in ``Rails/all``, and the workflows check that one list at each ``RailPoint``, so a rail
/// holds on every path: asked, auto-approved and saved. Adding a rail is one type and one line.
protocol Rail: Sendable {
    /// Why the work stops at `point`; nil to go on, and at every point this rail does not watch.
    func refusal(at point: RailPoint) -> SessionFailure?
}

/// Where in a workflow the rails are checked, with what is known there.
enum RailPoint {
    /// `apply` was asked for, before the roster is loaded or the space read.
    case asked(ApplyAsk)
    /// A plan was made (`plan`, `apply`, `pull`): the roster, the space read and the request.
    case planned(PlanRequest, Roster, LiveState)
    /// `apply` made its plan, before it is shown.
    case made(ApplyFacts)
    /// `apply` showed its plan, before it asks or sends anything.
    case shown(ApplyFacts)
    /// The space read again after "yes": the plan approved and the plan made from that read.
    case approved(approved: Plan, fresh: Plan)
}

/// What `apply` was asked, before anything is read.
struct ApplyAsk: Sendable {
    /// The saved plan applied, if one was named.
    var saved: SavedPlanFile?
    /// The options given that shape a plan (`--prune`, `--only`, `--exclude`), as written.
    var shaping: [String]
    var connection: ConnectionOptions
    var environment: [String: String]

    init(
        saved: SavedPlanFile?, shaping: [String], connection: ConnectionOptions, environment: [String: String]
    ) {
        self.saved = saved
        self.shaping = shaping
        self.connection = connection
        self.environment = environment
    }
}

/// An apply's plan, with what its rails weigh it against.
struct ApplyFacts: Sendable {
    var plan: Plan
    var roster: Roster
    var saved: SavedPlanFile?
    /// The policy settings apply goes past (their flags, `--allow-large-changes`, were given).
    var overridden: Set<RosterFormat.PolicyKey>
    /// Approval is asked of a prompt that no one can answer (no terminal).
    var unanswerable = false
}

/// The rails, in the order they are checked.
enum Rails {
    static let all: [any Rail] = [
        SavedPlanTakesNoShaping(), SavedPlanForThisConnection(), SelectionMatches(), PolicyNamesMatch(),
        OwnerManagesAccess(), SavedPlanUnchanged(), MaxDeletesRail(), ApprovalCanBeGiven(), UnchangedSinceApproval(),
    ]

    /// Stops with the first refusal of `point`.
    static func check(_ point: RailPoint) throws(SessionFailure) {
        for rail in all {
            if let refusal = rail.refusal(at: point) { throw refusal }
        }
    }
}

/// A saved plan's changes were fixed when it was saved: `--prune`, `--only` and `--exclude`
/// cannot shape it again.
struct SavedPlanTakesNoShaping: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .asked(let ask) = point, ask.saved != nil, let shaping = ask.shaping.first else { return nil }
        return SessionFailure(
            "\(shaping) shapes a plan, and a saved plan's changes were fixed when it was saved; "
                + "apply the roster instead, or save a new plan with `roster plan --out FILE \(shaping) …`",
            kind: .usage)
    }
}

/// A saved plan applies only to the space and server it was saved for, and only while its
/// roster files are as they were; checked before anything is read.
struct SavedPlanForThisConnection: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .asked(let ask) = point, let saved = ask.saved else { return nil }
        do throws(SessionFailure) {
            try saved.checkConnection(ask.connection, environment: ask.environment)
            return nil
        } catch {
            return error
        }
    }
}

/// `--only` and `--exclude` must each name a roster entry or a live entity.
struct SelectionMatches: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .planned(let request, let roster, let live) = point else { return nil }
        let unmatched = request.selection.unmatched(roster: roster, live: live)
        guard !unmatched.isEmpty else { return nil }
        return SessionFailure(diagnostics: unmatched.map { .error($0, at: nil) }, kind: .usage)
    }
}

/// The names `policy.protected` and `policy.ignore` list must each match something.
struct PolicyNamesMatch: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .planned(_, let roster, let live) = point else { return nil }
        let unknown = PolicyNames.check(roster, live)
        return unknown.isEmpty ? nil : SessionFailure(diagnostics: unknown)
    }
}

/// A roster that manages access needs the space's owner.
struct OwnerManagesAccess: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .planned(_, let roster, let live) = point, roster.access != nil, !live.space.isOwner else {
            return nil
        }
        return SessionFailure(
            "this roster manages access, which only the space's owner can change, and space \"\(live.space.name)\" "
                + "(\(live.space.id)) is not yours; remove `access:` or apply it as the owner",
            at: roster.access?.location, kind: .refused)
    }
}

/// A saved plan runs only while the space is as it was when the plan was saved, and only as the
/// operations it saved.
struct SavedPlanUnchanged: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .made(let facts) = point, let saved = facts.saved else { return nil }
        do throws(SessionFailure) {
            try saved.check(facts.plan)
            return nil
        } catch {
            return error
        }
    }
}

/// Deletes past `policy.maxDeletes` need `--allow-large-changes` (the plan warns of them first,
/// in the same words).
struct MaxDeletesRail: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        // What is due deletes only what the roster dates, reviewed when it was merged (its plan
        // warned of each day past the limit).
        guard case .shown(let facts) = point, !facts.overridden.contains(DeleteLimit.key), facts.plan.due == nil else {
            return nil
        }
        let exceeded = facts.plan.deletes.filter(\.exceeded)
        guard !exceeded.isEmpty else { return nil }
        let what = exceeded.map(\.description).joined(separator: ", ")
        return SessionFailure(facts.roster.policy.maxDeletes.refusal(what), kind: .refused)
    }
}

/// A plan that waits for "yes" needs someone to type it: without a terminal, `--auto-approve`.
struct ApprovalCanBeGiven: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .shown(let facts) = point, facts.unanswerable else { return nil }
        return SessionFailure(
            "refusing to apply without confirmation: standard input is not a terminal; "
                + "pass --auto-approve to apply anyway", kind: .usage)
    }
}

/// After "yes", every entity the plan touches must read as it did when the plan was shown:
/// MPS's updates are full replacements, so an update built before another writer's change
/// would erase it (docs/plan-and-apply.md, "What you approved").
struct UnchangedSinceApproval: Rail {
    func refusal(at point: RailPoint) -> SessionFailure? {
        guard case .approved(let approved, let fresh) = point else { return nil }
        let changes = PlanStaleness.changes(approved: approved, fresh: fresh)
        guard !changes.isEmpty else { return nil }
        return SessionFailure(
            diagnostics: [
                .error(
                    "the live space changed while the plan waited for approval; nothing was applied; "
                        + "run `roster apply` again to see the new plan",
                    at: nil, notes: changes.map { DiagnosticNote(location: nil, message: $0) })
            ], kind: .refused)
    }
}
