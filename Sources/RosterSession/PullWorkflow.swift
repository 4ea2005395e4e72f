import Foundation
import RosterCore
import RosterFiles
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
        /// Edits of the files not applied yet, which the pull kept (with a base).
        package var pending: [String] = []
        /// Values both the files and the space changed since the base: nothing written for them.
        package var conflicts: [ThreeWayPull.Conflict] = []
        /// Why there was no base, when there was none: every difference was taken as drift.
        package var withoutBase: String?

        /// The files that change, sorted.
        package var files: [String] { changed.keys.sorted() }

        /// Writes every changed file; a link leading outside the repository is followed only with
        /// `links: .anywhere`.
        package func write(links: FileReplacer.Links) throws(SessionFailure) {
            for file in files {
                try FileReplacer.save(
                    Array((changed[file] ?? "").utf8), to: file, what: "the roster file", links: links)
            }
        }
    }

    var paths: [String]
    /// `--into`: the roster file new entries go to.
    var into: String?
    /// `--base`: the git ref whose roster was last applied; nil: the default branch's merge base.
    var base: String?
    /// `--take`: how conflicts are resolved.
    var take: [PullTake]
    var connection: ConnectionOptions
    var environment: [String: String]
    /// `--as-of`: the pull's day; what the roster dates later is scheduled, and stays.
    package var asOf = Day.today

    package init(
        paths: [String], into: String?, base: String? = nil, take: [PullTake] = [], connection: ConnectionOptions,
        environment: [String: String]
    ) {
        self.paths = paths
        self.into = into
        self.base = base
        self.take = take
        self.connection = connection
        self.environment = environment
    }

    /// The edits that adopt the live space's changes; nothing when they would not load and plan clean.
    package func edits(log: SessionLog) async throws(SessionFailure) -> Edits {
        var request = try PlanRequest(paths: paths, prune: false, selectionText: SelectionText())
        request.asOf = asOf
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
        if let newFile { texts[newFile] = RosterFileEditor.newFileText(newFile) }
        let (baseRoster, withoutBase, unknownRef) = GitBase.roster(files: roster.files, ref: base)
        if unknownRef { throw SessionFailure("--base: \(withoutBase ?? "no such ref")", kind: .usage) }
        if !take.isEmpty && baseRoster == nil {
            throw SessionFailure(
                "--take resolves conflicts with a base, and there is none: \(withoutBase ?? "")", kind: .usage)
        }
        var puller = Puller(
            roster: roster, live: plan.live, texts: texts, newFile: newFile, base: baseRoster, take: take,
            asOf: request.asOf)
        let changed = puller.run(into: into)
        if !puller.diagnostics.isEmpty { throw SessionFailure(diagnostics: puller.diagnostics) }
        // Nothing is written (nor shown as a diff) unless the result loads and plans clean.
        let files = roster.files + (newFile.map { [$0] } ?? [])
        let kept =
            puller.placesInOneTeam || !puller.pending.isEmpty || !puller.conflicts.isEmpty
        let problems = PullCheck.problems(
            files: files, texts: texts, changed: changed, live: plan.live, pending: kept, asOf: request.asOf)
        if !problems.isEmpty { throw SessionFailure(diagnostics: problems) }
        if let newFile { texts[newFile] = "" }
        let unused = puller.unusedTakes.map {
            Diagnostic.warning(
                "--take \($0.text) resolved no conflict (is the name as the conflict tells it?)", at: nil)
        }
        return Edits(
            original: texts, changed: changed, warnings: puller.warnings + unused, adopted: puller.adopted,
            pending: puller.pending, conflicts: puller.conflicts, withoutBase: withoutBase)
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
