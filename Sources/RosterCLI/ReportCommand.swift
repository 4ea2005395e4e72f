import RosterCore
import RosterModel
import RosterRender
import RosterSession

/// `roster report levels|teams|promotions|site [PATH…]`: the reports a manager uses, from the roster
/// files or (`--live`) the live space; `site` is the whole organisation as one HTML page.
struct ReportCommand: Command {
    /// The reports, each a subcommand.
    enum Report: String, CaseIterable {
        case levels, teams, promotions, site
    }

    static let name = "report"
    static let subcommands = Report.allCases.map(\.rawValue)
    static let summary =
        "Reports: time in level (`levels`), teams (`teams`), level changes (`promotions`), "
        + "the organisation as a page (`site`)."
    static let usage = Usage.command(
        "report levels|teams|promotions|site [PATH…]", OptionCatalog.live.spec, team.spec, OptionCatalog.asOf.spec,
        OptionCatalog.dueMonths.spec, span.spec, since.spec, out.spec, Options.format.spec)
    static let out = OptionCatalog.out.help("site: write the page there instead of standard output")
    static let team = OptionCatalog.team.help("levels, promotions: this team's people only")
    static let span = Option<Int?>.integer(
        "--span", "N", in: 1...10_000, example: 8,
        "teams: name the leads of more than N people (default: rules.maxSpanOfControl, else 8)")
    static let since = Option<Day?>.day(
        "--since", "promotions: level changes from this day (default: 3 months before --as-of)")
    struct Options: CommandOptions {
        enum Format: String, OutputFormat {
            case text, json, markdown, csv
        }
        static let format = Option<Format>.format("output format (default text)")
        static let declaringWords = [Report.levels.rawValue]
        var report: Report
        /// The roster's paths, after the report's name.
        var paths: [String]
        var live: Bool
        var team: String?
        var asOf: Day
        var dueMonths: Int
        /// `--span`; nil: the roster's `rules.maxSpanOfControl`, else 8.
        var span: Int?
        var since: Day
        var format: Options.Format
        /// `site`: the file the page goes to; nil: standard output.
        var out: String?
        var connection: ConnectionOptions
        /// Diagnostics' style: colour and, with `--verbose`, their codes.
        var style: ColorOptions

        init(_ arguments: ParsedArguments) throws(UsageError) {
            style = ColorOptions(arguments)
            guard let first = arguments.positionals.first, let report = Report(rawValue: first) else {
                throw UsageError(
                    message: "`roster report` takes one of the reports: levels, teams, promotions, site",
                    hint: "run `roster report levels`, `roster report teams`, `roster report promotions` or "
                        + "`roster report site --out org.html`")
            }
            self.report = report
            paths = Array(arguments.positionals.dropFirst())
            live = arguments[OptionCatalog.live]
            team = arguments[ReportCommand.team]
            asOf = arguments[OptionCatalog.asOf] ?? .today
            dueMonths = arguments[OptionCatalog.dueMonths] ?? 3
            span = arguments[ReportCommand.span]
            since = arguments[ReportCommand.since] ?? asOf.adding(months: -3)
            out = arguments[ReportCommand.out]
            format = arguments[Self.format]
            connection = ConnectionOptions(arguments)
        }
    }

    static func run(_ options: Options, _ context: CommandContext) async -> ExitCode {
        await reporting(FailureStyle(json: options.format == .json, color: options.style), context) {
            if options.report == .site { return try await site(options, context) }
            var options = options
            let roster = options.live ? nil : try LiveSession.loadRoster(options.paths).0
            let source: Source =
                if let roster { .roster(roster) } else { .live(try await context.live(options.connection)) }
            if let team = options.team { try source.check(team: team) }
            if options.span == nil { options.span = span(roster, options) }
            let recorded = roster.flatMap { _ in recordedLevels(options) }
            context.console.writeOut(render(options, source, recorded: recorded))
            return ExitCode.success
        }
    }

    /// The report's text in the format asked.
    static func render(
        _ options: Options, _ source: Source, recorded: [NameKey: PromotionReport.Recorded]? = nil
    ) -> String {
        let (format, asOf) = (options.format, options.asOf)
        switch options.report {
        case .levels:
            let report = source.levels(asOf: asOf, dueMonths: options.dueMonths, team: options.team)
            return rendered(
                format, LevelReportRenderer.text(report), LevelReportRenderer.json(report),
                LevelReportRenderer.markdown(report), LevelReportRenderer.csv(report))
        case .teams:
            let report = source.teams(asOf: asOf, span: options.span ?? 8)
            return rendered(
                format, TeamReportRenderer.text(report), TeamReportRenderer.json(report),
                TeamReportRenderer.markdown(report), TeamReportRenderer.csv(report))
        case .promotions:
            let report = source.promotions(from: options.since, asOf: asOf, team: options.team, recorded: recorded)
            return rendered(
                format, TeamReportRenderer.text(report), TeamReportRenderer.json(report),
                TeamReportRenderer.markdown(report), TeamReportRenderer.csv(report))
        case .site: return ""
        }
    }

    /// `site`: the page of the roster files (or the live space) on `--as-of`, written to `--out`
    /// or standard output. Its format is HTML whatever `--format` says.
    static func site(_ options: Options, _ context: CommandContext) async throws -> ExitCode {
        if let out = options.out { try FileReplacer.check(out, what: "the page") }
        let live = options.live ? try await context.live(options.connection) : nil
        let page = try OrgPageWorkflow(paths: options.paths, asOf: options.asOf).page(live: live)
        let html = OrgPageRenderer.html(page)
        guard let out = options.out else {
            context.console.writeOut(html)
            return .success
        }
        try FileReplacer.save(Array(html.utf8), to: out, what: "the page")
        let history = page.months == nil ? "no history (not in git)" : "history from git"
        context.console.writeErr(
            "Wrote \(out): \(page.people.count) people in \(page.teams.count) teams, \(history), "
                + "\(page.scheduled.count) scheduled changes.\n")
        return .success
    }

    /// For `promotions`, the level events git's history of the roster records (promotions, hires,
    /// corrected dates); nil when the files are not in git.
    static func recordedLevels(_ options: Options) -> [NameKey: PromotionReport.Recorded]? {
        guard options.report == .promotions else { return nil }
        return (try? LogWorkflow(paths: options.paths).levelEvents(from: options.since, to: options.asOf)) ?? nil
    }

    /// The span of control the roster's rules set; with `--live`, the roster's when it loads.
    static func span(_ roster: Roster?, _ options: Options) -> Int? {
        guard options.report == .teams else { return nil }
        let rules = roster?.rules ?? (try? LiveSession.loadRoster(options.paths).0)?.rules
        return rules?.maxSpanOfControl?.value
    }

    /// The report in `format`, one exhaustive switch: every format carries each row of each
    /// report (`ReportFormatCoverageTests` check every case), so a new format that drops one fails.
    static func rendered(
        _ format: Options.Format, _ text: @autoclosure () -> String, _ json: @autoclosure () -> JSONValue,
        _ markdown: @autoclosure () -> String, _ csv: @autoclosure () -> String
    ) -> String {
        switch format {
        case .json: json().rendered(indent: 2) + "\n"
        case .markdown: markdown()
        case .csv: csv()
        case .text: text()
        }
    }

}

/// Where a report reads its people and teams: the roster files, or the live space.
enum Source {
    case roster(Roster)
    case live(LiveState)

    /// Refuses a `--team` that names no team, with the nearest name.
    func check(team: String) throws(UsageError) {
        let names: [String] =
            switch self {
            case .roster(let roster): roster.teams.map(\.name.value)
            case .live(let live): live.teams.map(\.name)
            }
        guard !names.contains(where: { NameKey($0) == NameKey(team) }) else { return }
        throw UsageError(
            message: "--team: no team \"\(team)\"" + Suggestions.didYouMean(team, among: names),
            hint: "the teams: \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : "")")
    }

    func levels(asOf: Day, dueMonths: Int, team: String?) -> LevelReport {
        switch self {
        case .roster(let roster): LevelReport.of(roster, asOf: asOf, dueMonths: dueMonths, team: team)
        case .live(let live): LevelReport.of(live, asOf: asOf, dueMonths: dueMonths, team: team)
        }
    }

    func teams(asOf: Day, span: Int) -> TeamReport {
        switch self {
        case .roster(let roster): TeamReport.of(roster, asOf: asOf, span: span)
        case .live(let live): TeamReport.of(live, asOf: asOf, span: span)
        }
    }

    func promotions(
        from: Day, asOf: Day, team: String?, recorded: [NameKey: PromotionReport.Recorded]?
    ) -> PromotionReport {
        switch self {
        case .roster(let roster): PromotionReport.of(roster, from: from, asOf: asOf, team: team, recorded: recorded)
        case .live(let live): PromotionReport.of(live, from: from, asOf: asOf, team: team)
        }
    }
}
