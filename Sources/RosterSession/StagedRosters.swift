import RosterCore
import RosterModel

/// What a commit will hold, for the pre-commit hook (`roster validate --staged`): the staged
/// content (git's index) of every roster the commit touches, each roster whole — read through
/// ``GitRepository``, so no setting or file of the repository runs anything, and no file outside
/// the index is read.
///
/// The hook's words: `[--roster FOLDER]… [--] FILE…`, where an argument that names a file of the
/// index is a file whatever it looks like. The roster a file belongs to: the `--roster` folder that
/// holds it; else the outermost folder called `roster` that holds it; else the file alone. A roster
/// file the commit deletes counts as touched (pre-commit passes no deleted file).
package struct StagedRosters: Sendable {
    /// One roster the commit touches: its name as the repository spells it (`roster/`, `roster.yaml`)
    /// and its staged files loaded (an error when the commit leaves none in a folder).
    package struct Target: Sendable {
        package var name: String
        package var result: RosterLoader.Result
    }

    let repository: GitRepository
    /// The index: path → blob, relative to the top.
    let index: [String: String]
    var folders: [String] = []
    var files: [String] = []

    /// The index of the repository holding `folder`, and the hook's `arguments` read against it.
    package init(arguments: [String], in folder: String) throws(SessionFailure) {
        guard let repository = GitRepository.containing(folder) else {
            throw SessionFailure("--staged reads git's index, and \(folder) is not in a git repository", kind: .usage)
        }
        self.repository = repository
        do {
            index = try GitObjects.entries(repository.run(["ls-files", "-s", "-z"]), idField: 1)
        } catch { throw SessionFailure(error.message) }
        try read(arguments, in: folder)
    }

    /// The hook's arguments: options until `--` or the first that names a file of the index.
    mutating func read(_ arguments: [String], in folder: String) throws(SessionFailure) {
        var i = 0
        while i < arguments.count, path(arguments[i], in: folder).map({ index[$0] == nil }) ?? true {
            let argument = arguments[i]
            if argument == "--" {
                i += 1
                break
            } else if argument == "--roster", i + 1 < arguments.count {
                folders.append(try folderPath(arguments[i + 1], in: folder))
                i += 2
            } else if argument.hasPrefix("--roster=") {
                folders.append(try folderPath(String(argument.dropFirst("--roster=".count)), in: folder))
                i += 1
            } else {
                break
            }
        }
        files = arguments[i...].compactMap { path($0, in: folder) }
    }

    func path(_ argument: String, in folder: String) -> String? {
        repository.relative(argument.hasPrefix("/") ? argument : folder + "/" + argument)
    }

    func folderPath(_ argument: String, in folder: String) throws(SessionFailure) -> String {
        guard let relative = path(argument, in: folder) else {
            throw SessionFailure("--roster \(argument) is not in the repository", kind: .usage)
        }
        return relative
    }

    /// The rosters the commit touches, each once, in the order its first file came.
    package func targets() throws(SessionFailure) -> [Target] {
        var names: [String] = []
        for file in try files + deleted() {
            let name = roster(of: file)
            if !names.contains(name) { names.append(name) }
        }
        var targets: [Target] = []
        for name in names {
            let root = name.hasSuffix("/") ? String(name.dropLast()) : name
            let staged = index.keys.filter { RosterLoader.isRosterFile($0, below: root) }.sorted()
            // A roster in one file that the commit deletes has nothing left to check.
            if staged.isEmpty && !name.hasSuffix("/") { continue }
            let contents: [String: [UInt8]]
            do { contents = try repository.contents(staged.compactMap { index[$0] }) } catch {
                throw SessionFailure(error.message)
            }
            let texts = staged.map { ($0, index[$0].flatMap { contents[$0] } ?? []) }
            var result = RosterLoader().load(texts: texts)
            if staged.isEmpty {
                let empty = "the commit leaves no roster file in it"
                result.diagnostics = [.error(.emptyDirectory, empty, at: .file(name))]
            }
            targets.append(Target(name: name, result: result))
        }
        return targets
    }

    /// The roster `file` belongs to: `FOLDER/`, or the file itself.
    func roster(of file: String) -> String {
        if let named = folders.first(where: { file.hasPrefix($0 + "/") }) { return named + "/" }
        let parts = file.split(separator: "/").dropLast()
        if let outer = parts.firstIndex(of: "roster") { return parts[...outer].joined(separator: "/") + "/" }
        return file
    }

    /// The roster files the commit deletes: in a `--roster` folder or a `roster` folder, or a roster
    /// file of its own (`roster.yaml`), as the hook's `files` pattern takes them.
    func deleted() throws(SessionFailure) -> [String] {
        guard repository.commit("HEAD") != nil else { return [] }
        let gone: [String]
        do {
            gone = GitObjects.fields(
                try repository.run(["diff-index", "--cached", "-z", "--name-only", "--diff-filter=D", "HEAD", "--"]))
        } catch { throw SessionFailure(error.message) }
        return gone.filter { file in
            guard RosterLoader.isRosterFile(file, below: ".") else { return false }
            if folders.contains(where: { file.hasPrefix($0 + "/") }) { return true }
            let parts = file.split(separator: "/")
            return parts.dropLast().contains("roster")
                || ["roster.yaml", "roster.yml", "roster.json"].contains(parts.last ?? "")
        }
    }
}
