import RosterCore

/// What `roster pull` says when it is done: what it adopted from the space, a line each, what
/// it kept as edits not applied yet, the conflicts, and the files it wrote.
package enum PullReport {
    /// The pull's outcome, in the words the command prints.
    package struct Outcome {
        var files: [String]
        var adopted: [String]
        var pending: [String]
        var conflicts: [String]
        /// Why there was no base (every difference taken as drift); nil with one.
        var withoutBase: String?

        package init(
            files: [String], adopted: [String], pending: [String], conflicts: [String], withoutBase: String?
        ) {
            (self.files, self.adopted, self.pending, self.conflicts, self.withoutBase) =
                (files, adopted, pending, conflicts, withoutBase)
        }
    }

    /// The report; `verbose` names the pending edits too. Nothing `written` (`--dry-run`,
    /// `--check`): only the one line on a missing base, and the conflicts.
    package static func text(_ outcome: Outcome, written: Bool = true, verbose: Bool) -> String {
        guard written else { return withoutBase(outcome) + conflicts(outcome) }
        var out = withoutBase(outcome)
        if !outcome.files.isEmpty {
            out += "Adopted from the space:\n" + outcome.adopted.map { "  " + TerminalText.escape($0) + "\n" }.joined()
        }
        if !outcome.pending.isEmpty {
            out += "Kept \(counted(outcome.pending.count, "change")) not applied yet"
            out += verbose ? ":\n" + outcome.pending.map { "  " + TerminalText.escape($0) + "\n" }.joined() : ".\n"
        }
        out += conflicts(outcome)
        guard outcome.files.isEmpty else { return out + "Updated \(outcome.files.joined(separator: ", ")).\n" }
        // The files say what the space says only when no edit of theirs waits and nothing conflicts.
        guard outcome.pending.isEmpty && outcome.conflicts.isEmpty else { return out + "Nothing was written.\n" }
        return out + "The roster already says what the space says.\n"
    }

    /// The one line that says there was no base, when the pull would replace values without one.
    static func withoutBase(_ outcome: Outcome) -> String {
        guard let why = outcome.withoutBase, !outcome.adopted.isEmpty else { return "" }
        return "No base to tell edits from drift (\(why)): every difference is taken as a change made in the apps; "
            + "\(counted(outcome.adopted.count, "value")) of the files \(outcome.adopted.count == 1 ? "is" : "are") "
            + "replaced.\n"
    }

    /// `count` and `noun`, the noun plural unless there is one.
    static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static func conflicts(_ outcome: Outcome) -> String {
        guard !outcome.conflicts.isEmpty else { return "" }
        return "Conflicts: the files and the space both changed these (since the base, or where the roster dates a "
            + "change); nothing was written for them, and `--take files` or `--take space` resolves them:\n"
            + outcome.conflicts.map { "  " + TerminalText.escape($0) + "\n" }.joined()
    }

    /// The outcome as the one JSON envelope: `files` changed (written, or with `--dry-run` the
    /// patch), `adopted`, `pending`, `conflicts`, and `base` (null, or why there was none).
    package static func json(_ outcome: Outcome, written: Bool, patch: String?) -> String {
        let strings = { (items: [String]) in JSONValue.array(items.map(JSONValue.string)) }
        var fields: [(String, JSONValue)] = [
            ("files", strings(outcome.files)), ("written", .bool(written)), ("adopted", strings(outcome.adopted)),
            ("pending", strings(outcome.pending)), ("conflicts", strings(outcome.conflicts)),
            ("withoutBase", outcome.withoutBase.map(JSONValue.string) ?? .null),
        ]
        if let patch { fields.append(("patch", .string(patch))) }
        return JSONEnvelope.wrap(fields).rendered(indent: 2) + "\n"
    }
}
