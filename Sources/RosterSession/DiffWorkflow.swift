import Foundation
import RosterCore
import RosterModel
import RosterReconcile

/// `roster diff`'s work, with no server: two versions of the roster from git (or the working
/// tree), the older taken as a space (``RosterSnapshot``) and the newer planned against it, so that
/// the plan's people view tells what changed between them in people's words.
package struct DiffWorkflow: Sendable {
    /// One version of the roster: the files as they are, or as a commit has them.
    package struct Version: Sendable {
        /// How the user named it (`main`, `HEAD~3`), or nil for the working tree.
        package var ref: String?
        package var commit: String?

        /// `main (3f2a1b9c0d1e)`, or `the working tree`.
        package var words: String {
            guard let ref, let commit else { return "the working tree" }
            return ref == commit ? String(commit.prefix(12)) : "\(ref) (\(commit.prefix(12)))"
        }
    }

    /// The two versions and the plan from the older to the newer.
    package struct Diff: Sendable {
        package var from: Version
        package var to: Version
        package var plan: Plan
    }

    var revisions: String?
    var paths: [String]
    /// No path was given: the roster is followed between the default names too.
    var byDefault: Bool
    /// The day the changes are told as on: both versions as they stand that day; what the newer
    /// one dates later (and the older did not) is scheduled.
    var asOf: Day

    /// `revisions`: nil (the default branch's roster against the working tree), `REV` (against
    /// the working tree) or `REV..REV`.
    package init(revisions: String?, paths: [String], asOf: Day = .today) {
        self.revisions = revisions
        byDefault = paths.isEmpty
        self.paths = paths.isEmpty ? [RosterLoader.defaultRoster()] : paths
        self.asOf = asOf
    }

    package func diff() throws(SessionFailure) -> Diff {
        guard let repository = GitRepository.containing(paths[0]) else {
            throw SessionFailure(
                "roster diff reads the roster's history from git, and \(paths[0]) is not in a git repository",
                kind: .usage)
        }
        let (from, to) = try versions(in: repository)
        let roots = paths.map { repository.relative($0) ?? $0 }
        let history = GitHistory(repository: repository, roots: roots, byDefault: byDefault)
        let segments: [GitHistory.Segment]
        do { segments = try history.segments() } catch { throw SessionFailure(error.message) }
        let old = try roster(at: from, in: history, segments), new = try roster(at: to, in: history, segments)
        guard var plan = HistoryPlan.plan(from: old, to: new, on: asOf) else {
            throw SessionFailure("the two versions of the roster cannot be compared", kind: .invalidRoster)
        }
        // What the older version dated already is no news: Scheduled holds what this change decided.
        let known = Set((HistoryPlan.plan(from: old, to: old, on: asOf)?.scheduled ?? []).map(\.words))
        plan.scheduled.removeAll { known.contains($0.words) }
        return Diff(from: from, to: to, plan: plan)
    }

    /// The two versions `revisions` names.
    func versions(in repository: GitRepository) throws(SessionFailure) -> (Version, Version) {
        guard let revisions else {
            guard let commit = GitBase.baseCommit(nil, in: repository) else {
                throw SessionFailure(
                    "no origin/HEAD, main or master to compare with: name a revision (`roster diff REV`)", kind: .usage)
            }
            return (Version(ref: "the default branch", commit: commit), Version())
        }
        let parts = revisions.components(separatedBy: "..")
        guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
            throw SessionFailure("\(revisions): expected REV or REV..REV", kind: .usage)
        }
        let from = try version(parts[0], in: repository)
        return (from, parts.count == 2 ? try version(parts[1], in: repository) : Version())
    }

    func version(_ ref: String, in repository: GitRepository) throws(SessionFailure) -> Version {
        guard let commit = repository.commit(ref) else {
            throw SessionFailure("no git revision \(ref)", kind: .usage)
        }
        return Version(ref: ref, commit: commit)
    }

    /// The roster of `version`: the files in the working tree, or as its commit has them, where
    /// the roster lived then (followed through renames, a split into a folder, a change of format).
    func roster(
        at version: Version, in history: GitHistory, _ segments: [GitHistory.Segment]
    ) throws(SessionFailure) -> Roster {
        let loaded: RosterLoader.Result
        if let commit = version.commit {
            let roots: [String]
            do { roots = try history.roots(at: commit, segments) } catch { throw SessionFailure(error.message) }
            guard !roots.isEmpty else {
                throw SessionFailure(
                    "\(commit.prefix(12)) has no roster at \(paths.joined(separator: ", "))", kind: .usage)
            }
            let top = history.repository.top
            let texts = try GitBase.rosterTexts(
                roots.map { $0 == "." ? top : top + "/" + $0 }, at: commit, in: history.repository)
            loaded = RosterLoader().load(texts: texts)
        } else {
            // Of several paths, those the working tree holds: a roster moved holds one of them.
            let held = paths.filter { FileManager.default.fileExists(atPath: $0) }
            loaded = RosterLoader().load(paths: held.isEmpty ? paths : held)
        }
        guard loaded.isValid else {
            throw SessionFailure(
                diagnostics: loaded.diagnostics.filter { $0.severity == .error }, kind: .invalidRoster)
        }
        return loaded.roster
    }
}
