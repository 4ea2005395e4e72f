import RosterModel
import RosterReconcile

/// What to plan, typed: the roster's paths, the space asked for, whether to prune, and the
/// selection. It comes from the command line, or from a saved plan, which carries its own.
package struct PlanRequest: Sendable {
    var paths: [String]
    /// The space to plan for, over `--space`, `MPS_SPACE` and the profile; nil: as they say.
    var space: String?
    var prune: Bool
    var selection: PlanSelection
    /// The selection as given, for a saved plan to carry.
    var selectionText: SelectionText
    /// With `apply --reviewed`: the facts of the plans reviewed, which the plan is narrowed to
    /// (``ReviewCoverage``); nil: no narrowing.
    var reviewed: Set<ReviewFact>?
    /// The plan's day (`--as-of`, default today in UTC): what the roster dates after it is
    /// scheduled, not planned.
    package var asOf = Day.today
    /// `apply --due`: plan only what the roster's timelines make due (``DueRoster``).
    var due = false

    package init(
        paths: [String], space: String? = nil, prune: Bool, selectionText: SelectionText
    ) throws(SessionFailure) {
        self.paths = paths
        self.space = space
        self.prune = prune
        self.selectionText = selectionText
        selection = PlanSelection()
        for (option, text) in selectionText.given {
            switch PlanSelection.parse(text) {
            case .success(let selectors):
                switch option {
                case .only: selection.only = selectors
                case .exclude: selection.exclude = selectors
                }
            case .failure(let error): throw SessionFailure("--\(option.rawValue): \(error.message)", kind: .usage)
            }
        }
    }

    /// The request the command line makes: `--prune`, `--only`, `--exclude`.
    init(paths: [String], prune: Bool, only: String?, exclude: String?) throws(SessionFailure) {
        try self.init(paths: paths, prune: prune, selectionText: SelectionText(only: only, exclude: exclude))
    }
}
