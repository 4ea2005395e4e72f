import RosterCore

/// What `roster pull` says when it is done: what it adopted from the space, a line each, and the
/// files it wrote; or that the roster already says what the space says.
package enum PullReport {
    package static func text(files: [String], adopted: [String]) -> String {
        guard !files.isEmpty else { return "The roster already says what the space says.\n" }
        return "Adopted from the space:\n" + adopted.map { "  " + TerminalText.escape($0) + "\n" }.joined()
            + "Updated \(files.joined(separator: ", ")).\n"
    }
}
