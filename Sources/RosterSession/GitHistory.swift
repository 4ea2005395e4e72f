import RosterCore
import RosterModel

/// The roster's history in git, wherever it lived: the first-parent commits that changed it, each
/// with its roster files (path, blob) as the commit leaves them, read with a few git processes
/// however long the history. Where the roster's paths first appear, it follows them back as git
/// follows a renamed file (a file renamed, split into a folder), and, when no path was given
/// (`byDefault`), to another of the default names (`roster.yaml`, `roster.yml`, `roster.json`,
/// `roster/`: a YAML roster turned into JSON).
struct GitHistory {
    /// A commit, the roster files as it leaves them, and the commits a merge brought to the branch.
    struct Version {
        var commit: GitCommit
        var files: [(path: String, blob: String)]
        var merged: [GitCommit]
    }

    /// A stretch of history in which the roster lived at the same paths, and its changes.
    struct Segment {
        var roots: [String]
        var changes: [GitRepository.Change]
    }

    let repository: GitRepository
    /// The roster's paths now, relative to the repository's top (`.` for all of it).
    let roots: [String]
    /// No path was given: the roster also moves between the default names.
    let byDefault: Bool

    static let defaultNames = ["roster.yaml", "roster.yml", "roster.json", "roster"]

    /// Every stretch of the roster's history, oldest first.
    func segments() throws(GitFailure) -> [Segment] {
        var (roots, head, segments) = (self.roots, "HEAD", [Segment]())
        // A roster moves a few times in its life; a bound keeps a moving loop finite.
        for _ in 0..<64 {
            let changes = try repository.firstParentChanges(of: head, paths: roots)
            guard let first = changes.first else { break }
            segments.insert(Segment(roots: roots, changes: changes), at: 0)
            guard let parent = try repository.commits([first.commit])[first.commit]?.parents.first else { break }
            let sources = try self.sources(of: roots, at: first.commit, parent: parent)
            guard !sources.isEmpty, Set(sources) != Set(roots) else { break }
            (roots, head) = (sources, parent)
        }
        return segments
    }

    /// Where the roster at `roots` came from at `commit`: the paths git finds its files renamed
    /// from, or (with no path given) a default name the parent holds.
    func sources(of roots: [String], at commit: String, parent: String) throws(GitFailure) -> [String] {
        let renamed = try repository.renames(at: commit, parent: parent).filter { rename in
            roots.contains { RosterLoader.isRosterFile(rename.to, below: $0) }
        }
        var sources: [String] = []
        for (from, _) in renamed where !sources.contains(from) { sources.append(from) }
        guard sources.isEmpty, byDefault else { return sources }
        let held = try repository.files(at: parent, under: Self.defaultNames)
        return Self.defaultNames.filter { name in held.keys.contains { RosterLoader.isRosterFile($0, below: name) } }
            .prefix(1).map { $0 }
    }

    /// The roster's versions, oldest first, each with its files and what a merge brought.
    func versions() throws(GitFailure) -> [Version] {
        var versions: [Version] = []
        for segment in try segments() {
            let commits = try repository.commits(segment.changes.map(\.commit))
            // What the roster's paths held before the first change (nothing, unless the history is cut short).
            var files: [String: String] = [:]
            if let first = segment.changes.first, let start = commits[first.commit]?.parents.first {
                files = try repository.files(at: start, under: segment.roots)
            }
            for change in segment.changes {
                guard let commit = commits[change.commit] else {
                    throw GitFailure(
                        message: "git listed commit \(change.commit.prefix(12)) and then could not read it")
                }
                for (path, blob) in change.files { files[path] = blob }
                let kept = files.filter { path, _ in
                    segment.roots.contains { RosterLoader.isRosterFile(path, below: $0) }
                }
                versions.append(
                    Version(
                        commit: commit, files: kept.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                        merged: try merged(commit)))
            }
        }
        return versions
    }

    /// The commits a merge brought to the branch, newest first (none for any other commit).
    func merged(_ commit: GitCommit) throws(GitFailure) -> [GitCommit] {
        guard commit.parents.count > 1 else { return [] }
        let ids = try repository.commits(between: commit.parents[0], and: commit.parents[1])
        let read = try repository.commits(ids)
        return ids.compactMap { read[$0] }
    }

    /// The roster's paths at `commit`, relative to the repository's top: those of the stretch of
    /// history whose paths hold roster files there that do (empty: none holds the roster).
    func roots(at commit: String, _ segments: [Segment]) throws(GitFailure) -> [String] {
        for segment in segments.reversed() {
            let held = try repository.files(at: commit, under: segment.roots)
            let found = segment.roots.filter { root in held.keys.contains { RosterLoader.isRosterFile($0, below: root) }
            }
            if !found.isEmpty { return found }
        }
        return []
    }
}
