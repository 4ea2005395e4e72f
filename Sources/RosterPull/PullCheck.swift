import RosterCore
import RosterModel
import RosterReconcile

/// The guard of `roster pull`: the edited files must load with the loader `validate` uses and
/// plan clean against the live state the pull read. When they do not, nothing is written and
/// the diagnostics say which file could not be edited, and why.
package enum PullCheck {
    /// Problems with the files after the pull; empty when they may be written. `texts` are the
    /// files' texts before, `changed` the new texts of those that change. With `pending` (a pull
    /// that kept edits not applied yet, or wrote someone in one of their teams under the one-team
    /// rule), the files must load; they plan those edits still.
    package static func problems(
        files: [String], texts: [String: String], changed: [String: String], live: LiveState, pending: Bool = false,
        asOf: Day? = nil
    ) -> [Diagnostic] {
        guard !changed.isEmpty else { return [] }
        let edited = files.map { (path: $0, bytes: Array((changed[$0] ?? texts[$0] ?? "").utf8)) }
        let loaded = RosterLoader().load(texts: edited)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        if let first = errors.first {
            let at = first.location
            let file = at.flatMap { changed[$0.file] != nil ? $0.file : nil } ?? changed.keys.sorted().first ?? ""
            let position = at.map { "\($0.line):\($0.column): " } ?? ""
            return [
                .error(
                    "roster could not edit this file correctly: the result would not load (\(position)"
                        + "\(first.message)); nothing was written, please report this",
                    at: .file(file))
            ]
        }
        if pending { return [] }
        let (plan, diagnostics) = Planner.plan(roster: loaded.roster, live: live, prune: false, asOf: asOf)
        // A member whose email a roster cannot hold was left out with a warning: unmanaged, as said.
        let remaining = (plan?.changes ?? []).filter {
            !($0.action == .unmanaged && $0.kind == .access && AccessPolicy.problem($0.name) != nil)
        }
        guard !remaining.isEmpty || !diagnostics.isEmpty else { return [] }
        let what =
            remaining.first.map { "\($0.action.rawValue) \($0.kind.rawValue) \"\($0.name)\"" }
            ?? diagnostics.first?.message ?? ""
        return changed.keys.sorted().prefix(1).map { file in
            .error(
                "roster could not edit the roster to match the space: after the edits it would still plan "
                    + "\(max(remaining.count, 1)) change(s) (first: \(what)); nothing was written, please report this",
                at: .file(file))
        }
    }
}
