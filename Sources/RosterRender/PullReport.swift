import RosterCore

/// What `roster pull` says when it is done: what it adopted from the space, a line each, what
/// it kept as edits not applied yet, the conflicts, and the files it wrote.
package enum PullReport {
    /// The pull's outcome, in the words the command prints.
    package struct Outcome {
        package var files: [String]
        package var adopted: [String]
        package var pending: [String]
        package var conflicts: [String]
        /// Why there was no base (every difference taken as drift); nil with one.
        package var withoutBase: String?

        package init(
            files: [String], adopted: [String], pending: [String], conflicts: [String], withoutBase: String?
        ) {
            (self.files, self.adopted, self.pending, self.conflicts, self.withoutBase) =
                (files, adopted, pending, conflicts, withoutBase)
        }
    }

    /// The report; `verbose` names the pending edits too.
    package static func text(_ outcome: Outcome, verbose: Bool) -> String {
        var out = ""
        if let why = outcome.withoutBase, !outcome.adopted.isEmpty {
            out +=
                "No base to tell edits from drift (\(why)): every difference is taken as a change made in the apps; "
                + "\(outcome.adopted.count) values of the files are replaced.\n"
        }
        if !outcome.files.isEmpty {
            out += "Adopted from the space:\n" + outcome.adopted.map { "  " + TerminalText.escape($0) + "\n" }.joined()
        }
        if !outcome.pending.isEmpty {
            out += "Kept \(outcome.pending.count) edits not applied yet"
            out += verbose ? ":\n" + outcome.pending.map { "  " + TerminalText.escape($0) + "\n" }.joined() : ".\n"
        }
        if !outcome.conflicts.isEmpty {
            out +=
                "Conflicts: the files and the space both changed these since the base; nothing was written for "
                + "them:\n" + outcome.conflicts.map { "  " + TerminalText.escape($0) + "\n" }.joined()
        }
        if outcome.files.isEmpty { return out + "The roster already says what the space says.\n" }
        return out + "Updated \(outcome.files.joined(separator: ", ")).\n"
    }
}
