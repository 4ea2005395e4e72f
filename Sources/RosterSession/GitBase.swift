import Foundation
import RosterCore
import RosterModel

/// The roster as it was last applied, for a three-way pull: the roster files as the default
/// branch has them — at the merge base of `HEAD` and `origin/HEAD`, else of `main` or `master`,
/// or at a ref the user names. Edits on the default branch not committed yet are then pending
/// too (the base is the commit). Outside git, or where the base lacks one of the roster's files,
/// there is no base: every difference is then drift.
enum GitBase {
    /// The base roster, or why there is none (said in one line); `unknownRef` when the ref the
    /// user named does not exist.
    static func roster(files: [String], ref: String?) -> (Roster?, why: String?, unknownRef: Bool) {
        guard let first = files.first else { return (nil, "no roster file", false) }
        let folder = URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent().path
        guard let top = git(["rev-parse", "--show-toplevel"], in: folder) else {
            return (nil, "not in a git repository", false)
        }
        guard let commit = baseCommit(ref, in: folder) else {
            let why = ref.map { "no git ref \($0)" } ?? "no origin/HEAD, main or master to take the base from"
            return (nil, why, ref != nil)
        }
        var texts: [(String, [UInt8])] = []
        for file in files {
            let absolute = URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
            let root = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
            let relative = absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
            guard let relative, let text = git(["show", "\(commit):\(relative)"], in: folder, trim: false) else {
                return (nil, "the base (\(commit.prefix(12))) has no \(file)", false)
            }
            texts.append((file, Array(text.utf8)))
        }
        let loaded = RosterLoader().load(texts: texts)
        guard loaded.isValid else { return (nil, "the roster at the base (\(commit.prefix(12))) does not load", false) }
        return (loaded.roster, nil, false)
    }

    /// The texts of the roster files `paths` name (files and folders, as the loader takes them)
    /// as `commit` has them, each named `COMMIT:PATH` for the diagnostics.
    static func rosterTexts(
        _ paths: [String], at commit: String, in folder: String
    ) throws(SessionFailure) -> [(String, [UInt8])] {
        guard let top = git(["rev-parse", "--show-toplevel"], in: folder) else {
            throw SessionFailure("not in a git repository", kind: .usage)
        }
        let root = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
        var texts: [(String, [UInt8])] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            let relative =
                absolute == root
                ? "." : absolute.hasPrefix(root + "/") ? String(absolute.dropFirst(root.count + 1)) : nil
            guard let relative, let listed = git(["ls-tree", "-r", "--name-only", commit, "--", relative], in: top)
            else { throw SessionFailure("\(path) is not in the repository", kind: .usage) }
            // As a folder is read: its YAML and JSON files, hidden ones skipped, in path order.
            let files = listed.split(separator: "\n").map(String.init).filter { file in
                let inside = file.dropFirst(relative == "." ? 0 : relative.count).split(separator: "/")
                return [".yaml", ".yml", ".json"].contains { file.hasSuffix($0) }
                    && !inside.contains { $0.hasPrefix(".") }
            }.sorted()
            guard !files.isEmpty else {
                throw SessionFailure("\(commit.prefix(12)) has no roster at \(path)", kind: .usage)
            }
            for file in files {
                guard let text = git(["show", "\(commit):\(file)"], in: top, trim: false) else { continue }
                texts.append(("\(commit.prefix(12)):\(file)", Array(text.utf8)))
            }
        }
        return texts
    }

    /// The commit the base is taken at.
    static func baseCommit(_ ref: String?, in folder: String) -> String? {
        if let ref { return git(["rev-parse", "--verify", "-q", ref + "^{commit}"], in: folder) }
        for branch in ["origin/HEAD", "main", "master"]
        where git(["rev-parse", "--verify", "-q", branch], in: folder) != nil {
            return git(["merge-base", "HEAD", branch], in: folder)
        }
        return nil
    }

    /// What `git ARGS` prints in `folder`; nil when it fails (or git is not there).
    static func git(_ arguments: [String], in folder: String, trim: Bool = true) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return trim ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }
}
