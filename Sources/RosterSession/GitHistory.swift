import RosterCore
import RosterModel

/// The roster's files through git's history, read with a few git processes however long the
/// history: one `git log --raw` gives each commit and the blobs it changed, one `git ls-tree` the
/// files before the first, one `git cat-file --batch` the commits, and one a batch of versions'
/// contents.
struct GitHistory {
    /// A commit, and the roster files (path, blob) as it leaves them.
    struct Version {
        var commit: LogWorkflow.Commit
        var files: [(path: String, blob: String)]
    }

    let repository: GitRepository
    /// The roster's paths, relative to the repository's top (`.` for all of it).
    let paths: [String]

    /// Whether `path` (relative to the top) is a roster file one of `paths` holds.
    func holds(_ path: String) -> Bool {
        paths.contains { RosterLoader.isRosterFile(path, below: $0) }
    }

    /// The roster files before the first of them, and each commit of HEAD's first-parent history
    /// that changed the paths, oldest first, with its roster files; `options` are git's (`--since=…`).
    func versions(options: [String]) throws(GitFailure) -> (before: [String: String], versions: [Version]) {
        let changes = try repository.firstParentChanges(of: "HEAD", paths: paths, options: options)
        let commits = try repository.commits(changes.map(\.commit))
        var versions: [Version] = []
        var files: [String: String] = [:], before: [String: String] = [:]
        for (n, change) in changes.enumerated() {
            guard let commit = commits[change.commit] else {
                throw GitFailure(message: "git listed commit \(change.commit.prefix(12)) and then could not read it")
            }
            if n == 0 {
                files = try tree(before: commit)
                before = files.filter { holds($0.key) }
            }
            for (path, blob) in change.files { files[path] = blob }
            let kept = files.filter { holds($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            versions.append(
                Version(
                    commit: LogWorkflow.Commit(
                        commit: commit.id, date: commit.date, author: commit.author, subject: commit.subject),
                    files: kept))
        }
        return (before, versions)
    }

    /// The roster files before `commit`: its first parent's (none for a first commit).
    func tree(before commit: GitCommit) throws(GitFailure) -> [String: String] {
        guard let parent = commit.parents.first else { return [:] }
        return try repository.files(at: parent, under: paths)
    }

    /// The contents of `blobs`.
    func contents(_ blobs: [String]) throws(GitFailure) -> [String: [UInt8]] {
        try repository.contents(blobs)
    }
}
