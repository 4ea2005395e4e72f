import RosterCore
import RosterFiles
import RosterModel
import RosterReconcile
import RosterYAML

/// `roster pull`: what ``PullDecisions`` adopts from the live space, written into the roster
/// files in place, one ``RosterFileEditor`` each.
package struct Puller {
    let roster: Roster
    var decided: PullDecisions
    /// With a base: the edits kept as pending and the conflicts (see ``ThreeWayPull``).
    private(set) var merge: ThreeWayPull?
    var editors: [String: RosterFileEditor] = [:]

    /// Why nothing can be pulled.
    package var diagnostics: [Diagnostic] { decided.diagnostics + (merge?.diagnostics ?? []) }
    /// What the files cannot hold as the space has it (a level start date that is free text).
    package var warnings: [Diagnostic] { decided.warnings }
    /// What the pull adopts, a line each (``PullDecisions/adopted``).
    package var adopted: [String] { decided.adopted }
    /// Whether it leaves out memberships the roster's one-team rule cannot hold: the files then
    /// plan taking those people out of their other teams.
    package var placesInOneTeam: Bool { !decided.homes.isEmpty }
    /// What the files keep that the space does not show: edits not applied yet (with a base), and
    /// dated changes whose day has come, not applied yet.
    package var pending: [String] { decided.kept + (merge?.pending ?? []) }
    /// Where the space and the files disagree and neither may be taken: changes made both sides
    /// since the base, and changes made in the apps that meet one the roster dates.
    package var conflicts: [ThreeWayPull.Conflict] { decided.conflicts + (merge?.conflicts ?? []) }
    /// The `--take` values that resolved no conflict.
    package var unusedTakes: [PullTake] {
        let used = decided.usedTakes.union(merge?.usedTakes ?? [])
        return decided.take.indices.filter { !used.contains($0) }.map { decided.take[$0] }
    }

    /// Prepares a pull of `roster`, whose files' texts are `texts`, from `live`; `newFile` is a
    /// file new entries may go to that the roster does not have yet (`--into` a new file).
    /// With `base` (the roster last applied), only drift is adopted: see ``ThreeWayPull``; `take`
    /// resolves its conflicts. What the roster dates after `asOf` is scheduled, and stays.
    package init(
        roster: Roster, live: LiveState, texts: [String: String], newFile: String? = nil, base: Roster? = nil,
        take: [PullTake] = [], asOf: Day? = nil
    ) {
        self.roster = roster
        decided = PullDecisions(roster: roster, live: live, asOf: asOf, take: take)
        if let base, decided.diagnostics.isEmpty {
            let merge = ThreeWayPull(decided, files: roster, base: base, live: live, take: take)
            decided.decisions = merge.adopted
            self.merge = merge
        }
        for file in roster.files + (newFile.map { [$0] } ?? []) {
            if let editor = RosterFileEditor(file: file, text: texts[file] ?? "") { editors[file] = editor }
        }
    }

    /// The files' new texts, for the files that change; new entries go to `into`, else to the
    /// first file that holds their section.
    package mutating func run(into: String? = nil) -> [String: String] {
        guard diagnostics.isEmpty else { return [:] }
        for decision in decided.decisions { write(decision, into: into) }
        var changed: [String: String] = [:]
        for (file, var editor) in editors {
            let declared = Set(roster.newValues.filter { $0.location.file == file }.map(\.value))
            if let text = editor.edited(declared: declared) { changed[file] = text }
        }
        return changed
    }

    private mutating func write(_ decision: PullDecision, into: String?) {
        switch decision {
        case .set(let at, let key, let value, let declares):
            edit(at) { editor, node in
                editor.setField(node, key, value)
                editor.written.formUnion(declares)
            }
        case .remove(let at, let key): edit(at) { $0.removeField($1, key) }
        case .members(let at, let members): edit(at) { $0.setMembers($1, members) }
        case .removeEntry(let at): edit(at) { $0.removeEntry($1) }
        case .fold(let at, let key): edit(at) { $0.removeField($1, key) }
        case .personChanges(let at, let records):
            edit(at) {
                $0.editRecords(
                    $1, RosterFormat.PersonKey.changes.name, records, identity: RosterFormat.PersonChangeKey.on.name)
            }
        case .teamChanges(let at, let records):
            edit(at) {
                $0.editRecords(
                    $1, RosterFormat.TeamKey.changes.name, records, identity: RosterFormat.TeamChangeKey.on.name)
            }
        case .append(let section, let entries, let declares):
            let file = target(for: section.name, into: into)
            editors[file]?.append(entries, to: section.name)
            editors[file]?.written.formUnion(declares)
        case .levelLimit(let level, let months, let file): editors[file]?.setLevel(level.rawValue, limitMonths: months)
        case .accessMembers(let at, let members):
            guard let node = editors[at.file]?.rootValue(RosterFormat.TopLevelKey.access.name) else { return }
            editors[at.file]?.setMembers(node, members)
        }
    }

    /// Edits the entry that starts at `location`, in its file.
    private mutating func edit(_ location: SourceLocation, _ body: (inout RosterFileEditor, NodeID) -> Void) {
        guard var editor = editors[location.file], let node = editor.entry(at: location) else { return }
        body(&editor, node)
        editors[location.file] = editor
    }

    /// The file new entries of `section` go to (see ``RosterFileEditor/file(for:into:among:_:)``).
    func target(for section: String, into: String?) -> String {
        RosterFileEditor.file(for: section, into: into, among: roster.files, editors)
    }
}
