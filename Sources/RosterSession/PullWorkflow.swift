import Foundation
import RosterCore
import RosterModel
import RosterPull
import RosterReconcile

/// `pull`'s work, printing nothing: the roster planned against the live space, the files edited
/// to say what the space says, and the guard that the edited files load and plan clean. The
/// command line shows the patch or writes the files.
package struct PullWorkflow: Sendable {
    /// The roster files as they were and as pull would leave them (only those that change).
    package struct Edits: Sendable {
        package var original: [String: String]
        package var changed: [String: String]
        /// What pull could not write as the space has it.
        package var warnings: [Diagnostic]
        /// What it adopts from the space, a line each.
        package var adopted: [String] = []

        /// The files that change, sorted.
        package var files: [String] { changed.keys.sorted() }

        /// Writes every changed file.
        package func write() throws(SessionFailure) {
            for file in files {
                try FileReplacer.save(Array((changed[file] ?? "").utf8), to: file, what: "the roster file")
            }
        }
    }

    package var paths: [String]
    /// `--into`: the roster file new entries go to.
    package var into: String?
    package var connection: ConnectionOptions
    package var environment: [String: String]

    package init(paths: [String], into: String?, connection: ConnectionOptions, environment: [String: String]) {
        self.paths = paths
        self.into = into
        self.connection = connection
        self.environment = environment
    }

    /// The edits that adopt the live space's changes; nothing when they would not load and plan clean.
    package func edits(log: SessionLog) async throws(SessionFailure) -> Edits {
        let request = try PlanRequest(paths: paths, prune: false, selectionText: SelectionText())
        let made = try await LivePlan.make(request, connection, environment: environment, log: log)
        let (plan, roster) = (made.plan, made.roster)
        var texts: [String: String] = [:]
        for file in roster.files {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw SessionFailure("cannot read the file", at: .file(file))
            }
            texts[file] = String(decoding: data, as: UTF8.self)
        }
        let into = try Self.intoFile(into, roster.files)
        // `--into` a file that is not there yet: it starts as an empty roster file.
        let newFile = into.flatMap { roster.files.contains($0) ? nil : $0 }
        if let newFile { texts[newFile] = "version: 1\n" }
        var puller = Puller(roster: roster, live: plan.live, texts: texts, newFile: newFile)
        let changed = puller.run(into: into)
        if !puller.diagnostics.isEmpty { throw SessionFailure(diagnostics: puller.diagnostics) }
        // Nothing is written (nor shown as a diff) unless the result loads and plans clean.
        let files = roster.files + (newFile.map { [$0] } ?? [])
        let problems = PullCheck.problems(files: files, texts: texts, changed: changed, live: plan.live)
        if !problems.isEmpty { throw SessionFailure(diagnostics: problems) }
        if let newFile { texts[newFile] = "" }
        return Edits(original: texts, changed: changed, warnings: puller.warnings, adopted: puller.adopted)
    }

    /// The roster file `--into` names, however its path is spelled: one of the roster's, or a
    /// file not there yet, which the pull creates.
    static func intoFile(_ given: String?, _ files: [String]) throws(SessionFailure) -> String? {
        guard let given else { return nil }
        let standard = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        if !FileManager.default.fileExists(atPath: given) { return given }
        guard let file = files.first(where: { standard($0) == standard(given) }) else {
            throw SessionFailure(
                "--into \(given) is not one of the roster's files (\(files.joined(separator: ", "))); name it among "
                    + "the PATHs too", kind: .usage)
        }
        return file
    }
}
