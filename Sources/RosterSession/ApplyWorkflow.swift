import MPSClient
import RosterApply
import RosterCore
import RosterModel
import RosterReconcile

/// `apply`'s work whole, printing nothing: the saved plan or the roster planned against the live
/// space, the rails, approval, the engine, verification. The command line supplies the prompt,
/// shows the plan and renders the outcome.
package struct ApplyWorkflow: Sendable {
    /// What apply was asked to do.
    package struct Settings: Sendable {
        /// Roster paths, or one saved plan.
        var paths: [String]
        var prune: Bool
        var selection: SelectionText
        var connection: ConnectionOptions
        var environment: [String: String]
        /// The policy settings apply goes past (their flags, `--allow-large-changes`, were given).
        var overridden: Set<RosterFormat.PolicyKey>
        var concurrency: Int
        /// `--reviewed FOLDER`: the plans reviewed on merged pull requests; the roster's plan made
        /// now runs as far as they hold it (``ReviewCoverage``), without a question.
        var reviewed: String?
        /// `--as-of`: the plan's day (a saved plan keeps the day it was made on).
        package var asOf = Day.today
        /// `--due`: only what the roster's timelines make due on `asOf` (``DueRoster``).
        package var due = false

        package init(
            paths: [String], prune: Bool = false, selection: SelectionText = SelectionText(),
            connection: ConnectionOptions, environment: [String: String], overridden: Set<RosterFormat.PolicyKey> = [],
            concurrency: Int = 4, reviewed: String? = nil
        ) {
            self.reviewed = reviewed
            self.paths = paths
            self.prune = prune
            self.selection = selection
            self.connection = connection
            self.environment = environment
            self.overridden = overridden
            self.concurrency = concurrency
        }

        /// The options given that shape a plan, as written.
        var shaping: [String] {
            (prune ? ["--prune"] : []) + selection.given.map { "--\($0.option.rawValue)" }
        }
    }

    /// How an apply ended, when it was not refused.
    package enum Outcome: Sendable {
        /// The plan had nothing to do: nothing was sent. The report says what the space breaks of
        /// the roster's rules all the same (a selection leaves what it did not select).
        case nothingToDo(ApplyReport)
        /// The answer was not "yes".
        case cancelled
        /// The space changed while the plan waited, and nothing is left to do.
        case nothingLeft
        /// Applied (wholly or not) and verified, as the report says.
        case applied(ApplyReport)
    }

    var settings: Settings
    /// The saved plan the paths name, if they name one.
    let saved: SavedPlanFile?
    var log: SessionLog

    /// Reads the saved plan, if the paths name one.
    package init(_ settings: Settings, log: SessionLog) throws(SessionFailure) {
        self.settings = settings
        self.log = log
        saved = try SavedPlanFile.detect(settings.paths)
    }

    /// The plan asked for: the saved plan's request, or the roster's, after the rails of the ask.
    package func makePlan() async throws(SessionFailure) -> (LivePlan, PlanRequest) {
        try Rails.check(
            .asked(
                ApplyAsk(
                    saved: saved, shaping: settings.shaping, connection: settings.connection,
                    environment: settings.environment)))
        if settings.due && (saved != nil || settings.reviewed != nil || !settings.shaping.isEmpty) {
            throw SessionFailure(
                "--due applies what the roster's dates made due: give the roster's paths, without a saved plan, "
                    + "--reviewed, --prune, --only or --exclude", kind: .usage)
        }
        var request: PlanRequest
        if let saved {
            request = try saved.request()
        } else {
            request = try PlanRequest(paths: settings.paths, prune: settings.prune, selectionText: settings.selection)
            request.asOf = settings.asOf
            request.due = settings.due
        }
        let reviewed = try reviewedPlans()
        request.reviewed = reviewed?.facts
        let made = try await LivePlan.make(
            request, settings.connection, environment: settings.environment, log: log)
        try reviewed?.check(space: made.plan.space.id)
        try Rails.check(.made(facts(made.plan, made.roster)))
        return (made, request)
    }

    /// The plans `--reviewed` names, read; nil without it. They are the approval of the roster
    /// whole: a saved plan, `--prune`, `--only` or `--exclude` beside them is refused.
    func reviewedPlans() throws(SessionFailure) -> ReviewedPlans? {
        guard let folder = settings.reviewed else { return nil }
        guard saved == nil, settings.shaping.isEmpty else {
            throw SessionFailure(
                "--reviewed applies the roster as far as the reviewed plans hold it: give the roster's paths, "
                    + "without a saved plan, --prune, --only or --exclude", kind: .usage)
        }
        let plans = try ReviewedPlans.read(folder, connection: settings.connection, environment: settings.environment)
        log.notice(
            "Applying what \(plans.files.count) reviewed plan\(plans.files.count == 1 ? "" : "s") hold of the roster.")
        return plans
    }

    /// Applies `made`: shown, approved as `approver` says (a saved plan is always its own
    /// approval), sent, verified.
    package func apply(
        _ made: LivePlan, _ request: PlanRequest, approver: Approver, display: any ApplyDisplay,
        control: ApplyControl, progress: (@Sendable (String) -> Void)?
    ) async throws(SessionFailure) -> Outcome {
        guard made.plan.hasChanges else {
            display.show(made.plan, people: PeopleView(made.plan))
            var report = ApplyReport.nothingToDo(broken: made.plan.brokenRules.map(\.message))
            report.heldBack = made.plan.heldBack
            if let conflicts = made.plan.due {
                // Nothing due; what the space differs in from the roster of the day is the apps'.
                var whole = request
                whole.due = false
                let day = try LivePlan.plan(whole, roster: made.roster, live: made.plan.live, endpoint: made.endpoint)
                report.verification = .checked(remaining: day.changes.filter { $0.action != .unmanaged })
                report.due = (settings.asOf, conflicts)
            }
            return .nothingToDo(report)
        }
        let engine = { (made: LivePlan) in engineFor(made, request, control: control, progress: progress) }
        // A saved plan, or the plans reviewed on merged pull requests, are the approval.
        switch saved == nil && settings.reviewed == nil ? approver : .savedPlan {
        case .prompt(let prompt):
            switch try await approve(made, request, prompt, display) {
            case .approved(let checked):
                let people = PeopleView(checked.plan)
                return .applied(
                    told(await send(checked, engine(checked), display), people, checked.plan))
            case .cancelled: return .cancelled
            case .nothingLeft: return .nothingLeft
            }
        case .autoApprove, .savedPlan:
            // Nothing to ask: once the rails let it, the first documents go out while the plan
            // is shown; what the engine says waits until the plan is on screen. No question
            // waits, so the plan made is the plan approved (the `approved` point is the prompt's).
            if let refusal = shownRefusal(made) {
                display.show(made.plan, people: PeopleView(made.plan))
                throw refusal
            }
            display.starting()
            let plan = made.plan
            let running = Task { await engine(made).apply(plan) }
            // Told person by person once, while the requests are out: for the plan and the report.
            let people = PeopleView(plan)
            display.show(made.plan, people: people)
            display.sending()
            return .applied(told(await timed { await running.value }, people, plan))
        }
    }

    /// The refusal of the rails once the plan is shown, if any.
    func shownRefusal(_ made: LivePlan, unanswerable: Bool = false) -> SessionFailure? {
        var facts = facts(made.plan, made.roster)
        facts.unanswerable = unanswerable
        do throws(SessionFailure) {
            try Rails.check(.shown(facts))
            return nil
        } catch {
            return error
        }
    }

    func facts(_ plan: Plan, _ roster: Roster) -> ApplyFacts {
        ApplyFacts(plan: plan, roster: roster, saved: saved, overridden: settings.overridden)
    }

    /// Sends an approved plan.
    func send(_ made: LivePlan, _ engine: ApplyEngine, _ display: any ApplyDisplay) async -> ApplyReport {
        display.starting()
        display.sending()
        return await timed { await engine.apply(made.plan) }
    }

    func timed(_ body: () async -> ApplyReport) async -> ApplyReport {
        let phases = PhaseLog(log)
        let applying = phases.now
        let report = await body()
        phases.log("applied and verified", since: applying)
        return report
    }

    /// The report, with the plan it ran told person by person.
    func told(_ report: ApplyReport, _ people: PeopleView, _ plan: Plan) -> ApplyReport {
        var report = report
        report.people = people
        report.heldBack = plan.heldBack
        if let conflicts = plan.due { report.due = (settings.asOf, conflicts) }
        return report
    }
}
