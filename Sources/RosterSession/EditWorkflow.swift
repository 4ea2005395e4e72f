import Foundation
import RosterCore
import RosterEdit
import RosterModel

/// The edit commands' work, printing nothing: the roster loaded (it must be valid), one
/// ``RosterEdit`` written into its files by ``RosterEditor`` (refused with its diagnostics when a
/// name is unknown or the result would be invalid), and every changed file written, or none.
package struct EditWorkflow: Sendable {
    /// The files as they were and as the edit leaves them (only those that change).
    package struct Outcome: Sendable {
        /// Each roster file's text before the edit (empty for a file the edit creates).
        package var original: [String: String]
        /// The new text of each file that changes.
        package var changed: [String: String]
        /// What the edit does, a line each, or why nothing changes.
        package var summary: [String]
        /// What the edited roster warns about.
        package var warnings: [Diagnostic]

        /// The files that change, sorted.
        package var files: [String] { changed.keys.sorted() }

        /// Writes every changed file, or none: each is checked first, and when a write fails the
        /// files already written get their old text back (a file the edit created goes). A link
        /// leading outside the repository is followed only with `links: .anywhere`.
        package func write(
            links: FileReplacer.Links,
            using save: ([UInt8], String) throws(SessionFailure) -> Void = { bytes, path throws(SessionFailure) in
                try FileReplacer.save(bytes, to: path, what: "the roster file", links: .anywhere)
            }
        ) throws(SessionFailure) {
            for file in files { try FileReplacer.check(file, what: "the roster file", links: links) }
            var written: [String] = []
            do throws(SessionFailure) {
                for file in files {
                    try save(Array((changed[file] ?? "").utf8), file)
                    written.append(file)
                }
            } catch {
                for file in written.reversed() { restore(file) }
                var failure = error
                failure.diagnostics.append(
                    .warning("nothing was changed: the files written before it have their old text again", at: nil))
                throw failure
            }
        }

        /// Gives `file` its old text back; a file the edit created (no text before: a roster file
        /// is never empty) goes.
        private func restore(_ file: String) {
            let old = original[file] ?? ""
            if old.isEmpty {
                try? FileManager.default.removeItem(atPath: file)
            } else {
                _ = FileReplacer.replace(file, with: Array(old.utf8))
            }
        }
    }

    var paths: [String]
    /// The day a promotion without a start date starts.
    var today: Day

    /// The workflow for the roster at `paths` (the default roster when empty); `today` is the day
    /// a promotion given no start date starts.
    package init(paths: [String], today: Day = .today) {
        self.paths = paths
        self.today = today
    }

    /// The edited files and what the edit did; the files are not written.
    package func edit(_ edit: RosterEdit) throws(SessionFailure) -> Outcome {
        let (roster, _) = try LiveSession.loadRoster(paths)
        var edit = edit
        if case .addPerson(var person) = edit, let into = person.into {
            person.into = try PullWorkflow.intoFile(into, roster.files)
            edit = .addPerson(person)
        } else if case .addTeam(let name, let lead, let members, let into?) = edit {
            edit = .addTeam(
                name: name, lead: lead, members: members, into: try PullWorkflow.intoFile(into, roster.files))
        }
        var texts: [String: String] = [:]
        for file in roster.files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw SessionFailure("cannot read the file", at: .file(file))
            }
            texts[file] = String(decoding: data, as: UTF8.self)
        }
        let result: EditResult
        do throws(EditRefusal) {
            result = try RosterEditor.apply(edit, to: roster, texts: texts, today: today)
        } catch {
            throw SessionFailure(diagnostics: error.diagnostics, kind: .invalidRoster)
        }
        // A file the edit creates (`--into` a new file) had no text.
        for file in result.changed.keys where texts[file] == nil { texts[file] = "" }
        return Outcome(original: texts, changed: result.changed, summary: result.summary, warnings: result.warnings)
    }
}
