import RosterModel
import RosterReconcile
import RosterSession

/// What to plan: `--prune`, `--only`, `--exclude` and `--as-of`, for `plan` and `apply`.
struct PlanningOptions: Sendable {
    static let asOf = OptionCatalog.asOf.help(
        "plan as on this day: what the roster dates later is scheduled (default: today, UTC)")
    var prune: Bool
    var only: String?
    var exclude: String?
    var asOf: Day

    /// Reads them (`only` and `exclude` with the help the command gives them).
    init(
        _ arguments: ParsedArguments, only: Option<String?> = OptionCatalog.only,
        exclude: Option<String?> = OptionCatalog.exclude
    ) throws(UsageError) {
        prune = arguments[OptionCatalog.prune]
        self.only = arguments[only]
        self.exclude = arguments[exclude]
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
