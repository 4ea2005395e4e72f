import RosterModel
import RosterReconcile
import RosterSession

/// What to plan: `--prune`, `--only`, `--exclude` and `--as-of`, for `plan` and `apply`.
struct PlanningOptions: CommandOptions {
    static let asOf = OptionCatalog.asOf.help(
        "plan as on this day: what the roster dates later is scheduled (default: today, UTC)")
    static let specs = [OptionCatalog.prune.spec, OptionCatalog.only.spec, OptionCatalog.exclude.spec, asOf.spec]
    var prune: Bool
    var only: String?
    var exclude: String?
    var asOf: Day

    init(_ arguments: ParsedArguments) throws(UsageError) {
        prune = arguments[OptionCatalog.prune]
        only = arguments[OptionCatalog.only]
        exclude = arguments[OptionCatalog.exclude]
        asOf = arguments[Self.asOf] ?? .today
    }

    /// The selection as given.
    var selection: SelectionText { SelectionText(only: only, exclude: exclude) }

    /// The request for the roster at `paths`.
    func request(paths: [String]) throws(SessionFailure) -> PlanRequest {
        var request = try PlanRequest(paths: paths, prune: prune, selectionText: selection)
        request.asOf = asOf
        return request
    }
}
