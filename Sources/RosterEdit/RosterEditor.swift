import RosterCore
import RosterFiles
import RosterModel
import RosterYAML

/// Writes one ``RosterEdit`` into the roster's files at their nodes' positions (with pull's
/// ``RosterFileEditor``), keeping everything the edit does not touch byte for byte, then loads the
/// edited files as `validate` does: an edit that would leave the roster invalid is refused, and
/// nothing is written. Pure: texts in, texts out.
package struct RosterEditor {
    let roster: Roster
    let texts: [String: String]
    /// The day a promotion without a start date starts.
    let today: Day
    var editors: [String: RosterFileEditor] = [:]
    /// The teams the edit changes, by index into `roster.teams`.
    var teams: [Int: TeamState] = [:]
    /// What the edit does, a line each.
    var summary: [String] = []
    /// How many of those lines say that something is already so.
    var unchanged = 0
    let people: PersonIndex
    let teamPeople: TeamPeople
    /// A file the edit creates (`--into` a new file).
    var newFile: String?
    /// The day the edit takes effect (`--on`); nil: as soon as the plan is applied.
    var on: Day?
    /// The teams' changes on that day, by index into `roster.teams`.
    var datedTeams: [Int: DatedTeamChange] = [:]

    /// An editor of `roster`, whose files' texts are `texts` (every file of the roster).
    init(roster: Roster, texts: [String: String], today: Day = .today) {
        self.roster = roster
        self.texts = texts
        self.today = today
        people = PersonIndex(roster.people)
        teamPeople = TeamPeople.of(roster)
        for file in roster.files {
            if let editor = RosterFileEditor(file: file, text: texts[file] ?? "") { editors[file] = editor }
        }
    }

    /// The files' new texts once `edit` is written, and what it did; refused when a name is
    /// unknown or ambiguous, a lead would be left without a successor, or the edited roster would
    /// not be valid.
    package static func apply(
        _ edit: RosterEdit, to roster: Roster, texts: [String: String], today: Day = .today
    ) throws(EditRefusal) -> EditResult {
        var editor = RosterEditor(roster: roster, texts: texts, today: today)
        try editor.write(edit)
        return try editor.finish()
    }

    mutating func write(_ edit: RosterEdit) throws(EditRefusal) {
        switch edit {
        case .addPerson(let person): try addPerson(person)
        case .addTeam(let name, let lead, let members, let into):
            try addTeam(name, lead: lead, members: members, into: into)
        case .move(let person, let team, let role, let from, let successor):
            try move(person, to: team, as: role, from: from, successor: successor)
        case .setPerson(let name, let changes): try setPerson(name, changes)
        case .setTeam(let name, let lead, let members): try setTeam(name, lead: lead, members: members)
        case .setLevel(let level, let months): setLevel(level, months)
        case .rename(.person, let from, let to): try renamePerson(from, to)
        case .rename(.team, let from, let to): try renameTeam(from, to)
        case .removePerson(let name, let successor): try removePerson(name, successor: successor)
        case .removeTeam(let name): try removeTeam(name)
        case .on(let day, let edit):
            on = day
            try writeDated(edit, on: day)
        }
    }

    /// The edited texts, checked: they must load as a valid roster.
    mutating func finish() throws(EditRefusal) -> EditResult {
        writeTeams()
        writeDatedTeams()
        var changed: [String: String] = [:]
        for (file, var editor) in editors.sorted(by: { $0.key < $1.key }) {
            // A file written again as it was is not changed: nothing is claimed for it.
            if let text = editor.edited(), text != texts[file] { changed[file] = text }
            summary += editor.notes
        }
        guard !changed.isEmpty else {
            // An edit on a day the roster already says, given again: nothing to change.
            if let on, summary.count > unchanged {
                summary = ["nothing to change: the roster already says this on \(on)"]
                unchanged = summary.count
            }
            // The edit said what it changes, and no file changed: never claim what was not written.
            if summary.count > unchanged {
                throw EditRefusal([
                    .error(
                        "roster could not write this edit into the files; nothing was written, please report this",
                        at: roster.files.first.map { .file($0) })
                ])
            }
            return EditResult(changed: [:], summary: summary)
        }
        let files = roster.files + (newFile.map { [$0] } ?? [])
        let edited = files.map { (path: $0, bytes: Array((changed[$0] ?? texts[$0] ?? "").utf8)) }
        let loaded = RosterLoader().load(texts: edited)
        var errors = loaded.diagnostics.filter { $0.severity == .error }
        // A file that no longer loads (an anchor removed with its entry) makes every name it held
        // unknown elsewhere: its own error is the one to read.
        let unloaded = errors.filter { $0.code.map(Self.fileCodes.contains) == true }
        if !unloaded.isEmpty { errors = unloaded }
        guard errors.isEmpty else {
            throw EditRefusal(
                errors.map { error in
                    var refused = error
                    refused.message += " (after this edit; nothing was written)"
                    return refused
                })
        }
        return EditResult(
            changed: changed, summary: summary, warnings: loaded.diagnostics.filter { $0.severity == .warning })
    }

    /// Says that the roster already says what the edit asks, and why.
    mutating func nothingToChange(_ why: String) {
        summary.append("nothing to change: " + why)
        unchanged += 1
    }

    /// The errors of a file that does not load at all.
    static let fileCodes: Set<DiagnosticCode> = [
        .undefinedAlias, .syntax, .invalidJSON, .duplicateKey, .badMergeKey, .rootNotMapping, .noDocument,
        .twoDocuments, .aliasExpansion, .tooDeep, .unsupportedTag, .unpairedSurrogate,
    ]

    /// Edits the entry that starts at `location`, in its file.
    mutating func edit(_ location: SourceLocation, _ body: (inout RosterFileEditor, NodeID) -> Void) {
        guard var editor = editors[location.file], let node = editor.entry(at: location) else { return }
        body(&editor, node)
        editors[location.file] = editor
    }
}
