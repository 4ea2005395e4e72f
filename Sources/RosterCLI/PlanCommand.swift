import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile
import RosterRender

/// `roster plan [PATH…]`: reads the live space and prints what would change.
struct PlanCommand: Command {
    static let name = "plan"
    static let summary = "Show the changes that would make the space match the roster."
    static let usage =
        "roster plan [PATH…] [--format text|json|markdown] [--out plan.json] [--detailed-exitcode] [--prune]"
    struct Options: CommandOptions {
        static let format = Option<OutputFormat>.format([.text, .json, .markdown], "output format (default text)")
        static let specs =
            [
                format.spec, OptionCatalog.out.spec, OptionCatalog.detailedExitcode.spec, OptionCatalog.prune.spec,
                OptionCatalog.only.spec, OptionCatalog.exclude.spec,
            ] + ColorOptions.specs + ConnectionOptions.specs
        var paths: [String]
        var format: OutputFormat
        var out: String?
        var detailedExitcode: Bool
        var prune: Bool
        var only: String?
        var exclude: String?
        var color: ColorOptions
        var connection: ConnectionOptions

        init(_ arguments: ParsedArguments) {
            paths = arguments.positionals
            format = arguments[Self.format]
            out = arguments[OptionCatalog.out]
            detailedExitcode = arguments[OptionCatalog.detailedExitcode]
            prune = arguments[OptionCatalog.prune]
            only = arguments[OptionCatalog.only]
            exclude = arguments[OptionCatalog.exclude]
            color = ColorOptions(arguments)
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.color), context) {
            let format = options.format
            let request = try PlanRequest(
                paths: options.paths, prune: options.prune, only: options.only, exclude: options.exclude)
            let (plan, _, roster, _) = try await makePlan(request, options.connection, context)
            let requests = MutationBatcher().requestCount(plan)
            let color = context.useColor(onStderr: false, options.color)
            let out = options.out
            // The JSON plan (and its fingerprint, a hash of every live entity) once, for the
            // output and the saved plan alike.
            let fingerprint = format == .json || out != nil ? plan.fingerprint : nil
            let planJSON = fingerprint.map { PlanRenderer.json(plan, fingerprint: $0) }
            switch format {
            case .json: context.console.writeOut((planJSON ?? PlanRenderer.json(plan)).rendered(indent: 2) + "\n")
            case .markdown: context.console.writeOut(PlanRenderer.markdown(plan, requests: requests))
            default: context.console.writeOut(PlanRenderer.text(plan, requests: requests, color: color))
            }
            if let out, let fingerprint, let planJSON {
                try SavedPlanFile.write(
                    plan, json: planJSON, fingerprint: fingerprint, roster: roster, request: request, to: out)
                context.console.writeErr("Saved the plan to \(out); `roster apply \(out)` applies exactly it.\n")
            }
            // Drift the roster does not cover (unmanaged people, teams, members) is a change too.
            let drift = plan.hasChanges || plan.summary.unmanaged > 0
            return options.detailedExitcode && drift ? ExitCode.changes : ExitCode.success
        }
    }

    /// Loads the roster, reads the live space and plans; shared with apply. The roster is loaded
    /// before the read, so an invalid roster sends no request and the one read goes straight to
    /// the space the roster names (README, *Decisions*: "Plan reads after it loads").
    static func makePlan(
        _ request: PlanRequest, _ options: ConnectionOptions, _ context: CommandContext
    ) async throws(CommandFailure) -> (Plan, Connection, Roster, MPSService) {
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
        let live: LiveState
        do { live = try await service.readLiveState(space: connection.endpoint.space) } catch {
            throw LiveSession.failure(error)
        }
        if roster.access != nil && !live.space.isOwner {
            throw CommandFailure(
                "this roster manages access, which only the space's owner can change, and space \"\(live.space.name)\" "
                    + "(\(live.space.id)) is not yours; remove `access:` or apply it as the owner",
                exitCode: ExitCode.refused, at: roster.access?.location)
        }
        let planning = phases.now
        let (planned, diagnostics) = Planner.plan(
            roster: roster, live: live, prune: request.prune, endpoint: connection.endpoint.url.absoluteString)
        guard let full = planned else { throw CommandFailure(diagnostics: diagnostics) }
        var plan: Plan
        do throws(SelectionError) { plan = try request.selection.apply(to: full) } catch {
            throw CommandFailure(error.message, exitCode: ExitCode.refused)
        }
        phases.log("planned \(plan.changes.count) changes in \(plan.steps.count) steps", since: planning)
        return (plan, connection, roster, service)
    }

}
