import RosterCLI
import Foundation
import MPSClient
import RosterDiagnostics
import RosterModel
import RosterReconcile
import RosterPlanRender
import RosterRender

/// `roster apply [PATH… | PLANFILE]`: shows the plan, asks, applies it, verifies the result.
struct ApplyCommand: Command {
    static let name = "apply"
    static let summary = RosterMPSCommandLine.summary("apply")
    static let usage = "roster apply [PATH… | plan.json] [--auto-approve] [--allow-large-changes] [--concurrency N] [--format text|json]"
    static let options = [
        OptionSpec("--format", value: "text|json", "report format (default text; json prints the report on standard output)"),
        OptionSpec("--auto-approve", "apply without asking"),
        OptionSpec("--allow-large-changes", "apply even past policy.maxDeletes"),
        OptionSpec("--concurrency", value: "N", "requests in flight at once (default 4)"),
        OptionSpec("--prune", "also delete live people and teams missing from the roster"),
        OptionSpec("--no-color", "plain output (also NO_COLOR)"),
    ] + Connection.options

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32 {
        await reporting(arguments, context) {
            let format = try OutputFormat.parse(arguments.value("--format"), allowed: ["text", "json"], command: name)
            var concurrency = 4
            if let text = arguments.value("--concurrency") {
                guard let n = Int(text), (1...64).contains(n) else {
                    throw UsageError(message: "--concurrency takes a number from 1 to 64, not `\(text)`", hint: "run `roster help apply` to see its options")
                }
                concurrency = n
            }
            return try await apply(arguments, context, format: format, concurrency: concurrency)
        }
    }

    static func apply(_ arguments: ParsedArguments, _ context: CommandContext, format: String, concurrency: Int) async throws -> Int32 {
        let console = context.console
        // Everything but the plan writes standard error through the gate (see below).
        let gate = ProgressGate(console)
        var context = context
        context.console = gate
        // The plan goes to standard output, unless the report must own it (JSON).
        let show: (String) -> Void = format == "json" ? { console.writeErr($0) } : { console.writeOut($0) }
        var args = arguments
        var saved: SavedPlanFile?
        if arguments.positionals.count == 1, let file = SavedPlanFile.load(arguments.positionals[0]) {
            saved = file
            args.positionals = file.paths
            if arguments.value("--space") == nil, context.environment["MPS_SPACE"] == nil { args.values["--space"] = file.space }
            if file.prune { args.flags.insert("--prune") }
            guard PlanCommand.rosterDigest(file.files) == file.rosterDigest else {
                throw CommandFailure("the roster changed since the plan was saved; run `roster plan --out` again", exitCode: ExitCode.refused,
                                     at: .file(arguments.positionals[0]))
            }
        }
        let (plan, connection, roster, service) = try await PlanCommand.makePlan(args, context)
        let color = context.useColor(onStderr: format == "json", noColorFlag: arguments.flag("--no-color"))
        if let saved {
            let now = plan.fingerprint
            let then = Fingerprint(entities: saved.entities, digest: saved.fingerprint)
            if now.digest != then.digest {
                let changes = then.differences(from: now)
                throw CommandFailure(diagnostics: [.error("the live space changed since the plan was saved; nothing was applied", at: .file(arguments.positionals[0]),
                                                          notes: changes.prefix(20).map { DiagnosticNote(location: nil, message: $0) })],
                                     exitCode: ExitCode.refused)
            }
            // The same roster and the same live state plan the same operations, unless roster
            // itself changed in between (another version): then nothing of it is applied.
            guard saved.hasSteps(of: plan) else {
                throw CommandFailure("the plan made now differs from the saved one, though neither the roster nor the live space changed (saved by another version of roster?); nothing was applied; run `roster plan --out` again",
                                     exitCode: ExitCode.refused, at: .file(arguments.positionals[0]))
            }
        }
        let phases = PhaseLog(arguments, context)
        guard plan.hasChanges else {
            let rendering = phases.now
            show(PlanRenderer.text(plan, color: color))
            phases.log("showed the plan", since: rendering)
            if format == "json" { console.writeOut(ReportRenderer.json(verifiedNothing()).rendered(indent: 2) + "\n") }
            return ExitCode.success
        }
        let exceeded = plan.deletes.filter(\.exceeded)
        let refused = !exceeded.isEmpty && !arguments.flag("--allow-large-changes")
        let ask = saved == nil && !arguments.flag("--auto-approve")
        let showProgress = console.stderrIsTerminal
        var progress: (@Sendable (String) -> Void)?
        if showProgress { progress = { line in gate.writeErr("roster: \(line)\n") } }
        let engine = makeEngine(arguments, connection: connection, roster: roster, service: service, concurrency: concurrency, phases: phases,
                                progress: progress)
        // Nothing to ask and nothing to refuse: the first documents go out while the plan is
        // rendered and printed (for 10,000 people that is ~40 ms the server would sit idle).
        let applying = phases.now
        var early: Task<ApplyReport, Never>?
        if !ask && !refused {
            // What the engine writes waits until the plan is on screen, so the two never interleave.
            gate.hold()
            early = Task { await engine.run(plan) }
        }
        let rendering = phases.now
        show(PlanRenderer.text(plan, color: color))
        phases.log("showed the plan", since: rendering)
        if refused {
            let what = exceeded.map { "\($0.count) \($0.kind.rawValue) of \($0.liveTotal) (allowed \($0.allowed))" }.joined(separator: ", ")
            throw CommandFailure("refusing to apply: the plan removes \(what), past policy.maxDeletes (\(roster.policy.maxDeletes)); check the plan, then pass --allow-large-changes",
                                 exitCode: ExitCode.refused)
        }
        if ask {
            guard console.stdinIsTerminal else {
                throw CommandFailure("refusing to apply without confirmation: standard input is not a terminal; pass --auto-approve to apply anyway")
            }
            show("\nApply these changes? Type \"yes\" to continue: ")
            guard console.readLine()?.trimmingCharacters(in: .whitespaces) == "yes" else {
                show("Apply cancelled.\n")
                return ExitCode.failure
            }
        }
        if !showProgress { show("\n") }
        gate.open()
        var report: ApplyReport
        if let early { report = await early.value } else { report = await engine.run(plan) }
        // What ran is final now: the report of it is laid out while the server answers the
        // verifying read (for 10,000 people ~20 ms the client would otherwise spend after it).
        var operations: JSONValue?
        var entryLines: String?
        if report.aborted == nil {
            let applied = report
            async let verified = engine.verify(applied)
            if format == "json" { operations = ReportRenderer.operations(applied.entries, indent: 2) } else { entryLines = ReportRenderer.entryLines(applied.entries, color: color) }
            report = await verified
        }
        phases.log("applied and verified", since: applying)
        ProcessLifetime.keep((plan, report, operations, entryLines))
        let reporting = phases.now
        if format == "json" {
            console.writeOut(ReportRenderer.json(report, operations: operations).rendered(indent: 2) + "\n")
        } else {
            console.writeOut(ReportRenderer.text(report, color: color, entryLines: entryLines))
        }
        phases.log("wrote the report", since: reporting)
        return report.complete ? ExitCode.success : ExitCode.failure
    }

    /// The engine, with the reads and re-plans it needs for recovery and verification.
    static func makeEngine(_ arguments: ParsedArguments, connection: Connection, roster: Roster, service: MPSService, concurrency: Int,
                           phases: PhaseLog, progress: (@Sendable (String) -> Void)?) -> ApplyEngine {
        let space = connection.endpoint.space
        let prune = arguments.flag("--prune")
        let endpoint = connection.endpoint.url.absoluteString
        let read: @Sendable () async throws(MPSError) -> LiveState = { () async throws(MPSError) -> LiveState in
            let reading = phases.now
            let live = try await service.readLiveState(space: space)
            ProcessLifetime.keep(live)
            phases.log("read the live state (\(live.users.count) people, \(live.teams.count) teams)", since: reading)
            return live
        }
        let replan: @Sendable (LiveState) -> Plan? = { live in
            let planning = phases.now
            let plan = Planner.plan(roster: roster, live: live, prune: prune, endpoint: endpoint).0
            ProcessLifetime.keep(plan as Any)
            phases.log("planned again", since: planning)
            return plan
        }
        return ApplyEngine(client: service.client, space: space, batcher: MutationBatcher(), concurrency: concurrency,
                           read: read, replan: replan, progress: progress)
    }

    static func verifiedNothing() -> ApplyReport {
        var report = ApplyReport()
        report.verified = true
        return report
    }
}

/// What `roster apply plan.json` needs from a saved plan.
struct SavedPlanFile {
    var paths: [String]
    var files: [String]
    var rosterDigest: String
    var space: String
    var prune: Bool
    var fingerprint: String
    var entities: [String: String]
    /// `apply.steps`: every operation the plan was saved with.
    var steps: JSONValue

    /// The saved plan in `path`, or nil when the file is not one (a JSON file whose top level
    /// holds `format_version` is a saved plan; anything else is a roster).
    static func load(_ path: String) -> SavedPlanFile? {
        guard path.hasSuffix(".json"), let data = FileManager.default.contents(atPath: path),
              let json = JSONValue(parsing: data), json["format_version"] != nil,
              let apply = json["apply"], let roster = apply["roster"] else { return nil }
        var entities: [String: String] = [:]
        if case .object(let pairs) = apply["entities"] {
            for (key, value) in pairs { entities[key] = value.stringValue }
        }
        return SavedPlanFile(paths: roster["paths"]?.stringsValue ?? [], files: roster["files"]?.stringsValue ?? [],
                             rosterDigest: roster["sha256"]?.stringValue ?? "", space: apply["space"]?.stringValue ?? "",
                             prune: roster["prune"]?.boolValue ?? false, fingerprint: json["fingerprint"]?.stringValue ?? "",
                             entities: entities, steps: apply["steps"] ?? .null)
    }

    /// Whether the saved steps are `plan`'s, operation for operation and value for value;
    /// formatting and key order do not count.
    func hasSteps(of plan: Plan) -> Bool {
        steps.sortingKeys == SavedPlan.steps(plan).sortingKeys
    }
}
