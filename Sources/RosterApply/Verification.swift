import RosterCore
import RosterReconcile

/// What the read after an apply shows that neither the roster nor the apply explains: people or
/// teams that appeared meanwhile, entities this apply changed that differ again, a name that now
/// matches two live entities one of which this apply created. MPS has no locks: the usual cause
/// is another writer, most often a second apply running at the same time.
struct Verification {
    let original: Plan
    let report: ApplyReport

    /// Live ids this apply wrote to, created ones included.
    private var touched: Set<Int> {
        Set(report.entries.compactMap { $0.status == .applied ? $0.id : nil })
    }

    private var created: Set<Int> {
        var ids = Set<Int>()
        for entry in report.entries where entry.status == .applied {
            switch entry.operation.payload {
            case .createUser, .createTeam: if let id = entry.id { ids.insert(id) }
            default: break
            }
        }
        return ids
    }

    /// For a fresh plan: what appeared meanwhile, and what this apply changed that differs again.
    func unexplained(_ fresh: Plan) -> [String] {
        // A space in sync, the usual end of an apply, has nothing to explain.
        guard fresh.changes.contains(where: { $0.id != nil }) else { return [] }
        let known = Set(original.live.users.map(\.id)).union(original.live.teams.map(\.id))
        let touched = touched
        var out: [String] = []
        for change in fresh.changes {
            guard let id = change.id else { continue }
            if change.action == .unmanaged, !known.contains(id), !touched.contains(id) {
                out.append("\(change.kind.rawValue) \"\(change.name)\" (#\(id)) appeared in the space during the apply")
            } else if change.action != .unmanaged, touched.contains(id) {
                let names = change.updates.map(\.field.rawValue)
                let fields = names.isEmpty ? "" : " (\(names.joined(separator: ", ")))"
                out.append(
                    "\(change.kind.rawValue) \"\(change.name)\" (#\(id)) differs from the roster again\(fields) "
                        + "after this apply changed it")
            }
        }
        return out
    }

    /// For diagnostics that prevented a plan: those that name an entity this apply created.
    func unexplained(_ diagnostics: [Diagnostic]) -> [String] {
        let created = created
        return diagnostics.compactMap { diagnostic in
            let mine = created.sorted().filter(diagnostic.liveIDs.contains)
            guard !mine.isEmpty else { return nil }
            let ids = mine.map { "#\($0)" }.joined(separator: ", ")
            return "\(diagnostic.message.components(separatedBy: ";").first ?? diagnostic.message), "
                + "and this apply created \(ids)"
        }
    }
}
