import RosterReconcile
import RosterSession

/// What to plan: `--prune`, `--only` and `--exclude`, for `plan` and `apply`.
struct PlanningOptions: CommandOptions {
    static let specs = [OptionCatalog.prune.spec, OptionCatalog.only.spec, OptionCatalog.exclude.spec]
    var prune: Bool
    var only: String?
    var exclude: String?

    init(_ arguments: ParsedArguments) {
        prune = arguments[OptionCatalog.prune]
        only = arguments[OptionCatalog.only]
        exclude = arguments[OptionCatalog.exclude]
    }

    /// The selection as given.
    var selection: SelectionText { SelectionText(only: only, exclude: exclude) }

    /// The request for the roster at `paths`.
    func request(paths: [String]) throws(SessionFailure) -> PlanRequest {
        try PlanRequest(paths: paths, prune: prune, selectionText: selection)
    }
}
