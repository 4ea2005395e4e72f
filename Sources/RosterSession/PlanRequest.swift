import RosterReconcile

/// What to plan, typed: the roster's paths, the space asked for, whether to prune, and the
/// selection. It comes from the command line, or from a saved plan, which carries its own.
package struct PlanRequest: Sendable {
    package var paths: [String]
    /// The space to plan for, over `--space`, `MPS_SPACE` and the profile; nil: as they say.
    package var space: String?
    package var prune: Bool
    package var selection: PlanSelection
    /// The selection as given (`only`, `exclude`), for a saved plan to carry.
    package var selectionText: [(String, String)]

    package init(
        paths: [String], space: String?, prune: Bool, selectionText: [(String, String)]
    ) throws(SessionFailure) {
        self.paths = paths
        self.space = space
        self.prune = prune
        self.selectionText = selectionText
        selection = PlanSelection()
        for (key, text) in selectionText {
            switch PlanSelection.parse(text) {
            case .success(let selectors):
                if key == "only" { selection.only = selectors } else { selection.exclude = selectors }
            case .failure(let error): throw SessionFailure("--\(key): \(error.message)", kind: .usage)
            }
        }
    }

    /// The request the command line makes: `--prune`, `--only`, `--exclude`.
    package init(paths: [String], prune: Bool, only: String?, exclude: String?) throws(SessionFailure) {
        try self.init(
            paths: paths, space: nil, prune: prune,
            selectionText: [("only", only), ("exclude", exclude)].compactMap { key, text in text.map { (key, $0) } })
    }
}
