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
        let segments = try segments()
        let ids = segments.flatMap { $0.changes.map(\.commit) }
        let commits = try repository.commits(ids)
        let brought = try mergedCommits(ids.filter { (commits[$0]?.parents.count ?? 0) > 1 })
        for segment in segments {
            // What the roster's paths held before the first change (nothing, unless the history is cut short).
            var files: [String: String] = [:]
            if let first = segment.changes.first, let start = commits[first.commit]?.parents.first {
                files = try repository.files(at: start, under: segment.roots)
            }
            for change in segment.changes {
                guard let commit = commits[change.commit] else {
                    throw GitFailure(message: "git listed commit \(change.commit.prefix(12)) and could not read it")
                }
                for (path, blob) in change.files { files[path] = blob }
                let kept = files.filter { path, _ in
                    segment.roots.contains { RosterLoader.isRosterFile(path, below: $0) }
                }.sorted { $0.key < $1.key }
                versions.append(
                    Version(commit: commit, files: kept.map { ($0.key, $0.value) }, merged: brought[commit.id] ?? []))
            }
        }
        return versions
    }

    /// For each of `merges` (first-parent commits with a second parent), the commits it brought to
    /// the branch (`git rev-list P1..P2`), newest first. Read with two git processes however many
    /// merges: the first-parent line is walked oldest first, and each merge takes the commits its
    /// other parents reach that neither the line nor an earlier merge took, which are exactly those
    /// its first parent does not reach.
    func mergedCommits(_ merges: [String]) throws(GitFailure) -> [String: [GitCommit]] {
        guard !merges.isEmpty else { return [:] }
        let ancestry = try repository.ancestry(of: "HEAD")
        let parents = Dictionary(ancestry.map { ($0.id, $0.parents) }) { first, _ in first }
        var line: [String] = []
        var next: String? = ancestry.first?.id
        while let id = next {
            line.append(id)
            next = parents[id]?.first
        }
        var taken = Set(line), brought: [String: [String]] = [:]
        let wanted = Set(merges)
        for id in line.reversed() {
            var stack = Array(parents[id]?.dropFirst() ?? []), found: [String] = []
            while let commit = stack.popLast() {
                guard taken.insert(commit).inserted else { continue }
                found.append(commit)
                stack += parents[commit] ?? []
            }
            if wanted.contains(id) { brought[id] = found }
        }
        // In git rev-list's order, as `git log P1..P2` lists them.
        let order = Dictionary(ancestry.enumerated().map { ($0.element.id, $0.offset) }) { first, _ in first }
        let read = try repository.commits(brought.values.flatMap { $0 })
        return brought.mapValues { ids in
            ids.sorted { order[$0, default: 0] < order[$1, default: 0] }.compactMap { read[$0] }
        }
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
