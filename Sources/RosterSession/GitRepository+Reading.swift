/// What roster reads of a repository: revisions, the files a commit holds, objects, and the
/// first-parent history of some paths — each through ``GitRepository/run(_:input:)`` and parsed by
/// ``GitObjects``.
extension GitRepository {
    /// One commit of a first-parent history and the roster files it changed (`--raw` records).
    struct Change: Sendable {
        var commit: String
        /// Each changed path and its blob after the commit (nil: deleted there).
        var files: [(path: String, blob: String?)]
    }

    /// The commit `revision` names (`main`, `HEAD~2`, an id), or nil when it names none.
    func commit(_ revision: String) -> String? {
        guard let id = try? text(["rev-parse", "--verify", "-q", "--end-of-options", revision + "^{commit}"]),
            GitObjects.isObjectID(id)
        else { return nil }
        return id
    }

    /// The best common ancestor of two commits, or nil when they have none.
    func mergeBase(_ a: String, _ b: String) -> String? {
        guard let id = try? text(["merge-base", "--end-of-options", a, b]), GitObjects.isObjectID(id) else {
            return nil
        }
        return id
    }

    /// The regular files (path → blob) `commit` holds below `paths` (relative to the top; `.` for all).
    func files(at commit: String, under paths: [String]) throws(GitFailure) -> [String: String] {
        guard GitObjects.isObjectID(commit) else { throw GitFailure(message: "\(commit) is not a commit id") }
        return try GitObjects.entries(run(["ls-tree", "-r", "-z", "--full-tree", commit, "--"] + paths), idField: 2)
    }

    /// The contents of the blobs `ids`, from one `git cat-file --batch`; an id that is no blob is left out.
    func contents(_ ids: [String]) throws(GitFailure) -> [String: [UInt8]] {
        try objects(ids).compactMapValues { $0.type == "blob" ? $0.content : nil }
    }

    /// The commits `ids`, each read from its object.
    func commits(_ ids: [String]) throws(GitFailure) -> [String: GitCommit] {
        var commits: [String: GitCommit] = [:]
        for (id, object) in try objects(ids) {
            guard object.type == "commit" else { throw GitFailure(message: "\(id.prefix(12)) is not a commit") }
            commits[id] = try GitCommit(id: id, content: object.content)
        }
        return commits
    }

    func objects(_ ids: [String]) throws(GitFailure) -> [String: (type: String, content: [UInt8])] {
        let asked = Array(Set(ids))
        guard !asked.isEmpty else { return [:] }
        guard asked.allSatisfy(GitObjects.isObjectID) else { throw GitFailure(message: "an object id is malformed") }
        return try GitObjects.objects(
            run(["cat-file", "--batch"], input: Array(asked.map { $0 + "\n" }.joined().utf8)))
    }

    /// The commits of `head`'s first-parent history that changed `paths`, oldest first, each with the
    /// files it changed against its first parent (a merge counts as what it brought to the branch);
    /// `options` are more of git log's (`--since=…`).
    func firstParentChanges(
        of head: String, paths: [String], options: [String] = []
    ) throws(GitFailure) -> [Change] {
        let output = try run(
            [
                "log", "--first-parent", "--diff-merges=first-parent", "--reverse", "-z", "--raw", "--no-abbrev",
                "--no-renames", "--format=%H",
            ] + options + ["--end-of-options", head, "--"] + paths)
        var changes: [Change] = []
        var pending: String?
        for var field in GitObjects.fields(output) {
            if field.hasPrefix("\n") { field.removeFirst() }
            if let record = pending {
                guard !changes.isEmpty else { throw GitObjects.malformed("a change before any commit", record) }
                changes[changes.count - 1].files.append(try GitObjects.change(record, path: field))
                pending = nil
            } else if field.hasPrefix(":") {
                pending = field
            } else if GitObjects.isObjectID(field) {
                changes.append(Change(commit: field, files: []))
            } else {
                throw GitObjects.malformed("a commit", field)
            }
        }
        return changes
    }

    /// Where files of `commit` came from, as git's rename detection finds them against `parent`:
    /// each (old path, new path) pair.
    func renames(at commit: String, parent: String) throws(GitFailure) -> [(from: String, to: String)] {
        guard GitObjects.isObjectID(commit), GitObjects.isObjectID(parent) else {
            throw GitFailure(message: "\(commit) is not a commit id")
        }
        let fields = GitObjects.fields(
            try run(["diff-tree", "-z", "-r", "-M", "--raw", "--no-commit-id", parent, commit]))
        var out: [(from: String, to: String)] = []
        var i = 0
        while i < fields.count {
            let record = fields[i].hasPrefix("\n") ? String(fields[i].dropFirst()) : fields[i]
            guard record.hasPrefix(":"), let status = record.split(separator: " ").last?.first else {
                throw GitObjects.malformed("a change", record)
            }
            // A rename or a copy names two paths, any other change one.
            let paths = status == "R" || status == "C" ? 2 : 1
            guard i + paths < fields.count else { throw GitObjects.malformed("a change", record) }
            if status == "R" { out.append((fields[i + 1], fields[i + 2])) }
            i += paths + 1
        }
        return out
    }

    /// Every commit `head` reaches, each with its parents (`git rev-list --parents`), newest first.
    func ancestry(of head: String) throws(GitFailure) -> [(id: String, parents: [String])] {
        let lines = try text(["rev-list", "--parents", "--end-of-options", head, "--"]).split(separator: "\n")
        return try lines.map { line throws(GitFailure) in
            let ids = line.split(separator: " ").map(String.init)
            guard let id = ids.first, ids.allSatisfy(GitObjects.isObjectID) else {
                throw GitObjects.malformed("a commit and its parents", String(line))
            }
            return (id, Array(ids.dropFirst()))
        }
    }
}
