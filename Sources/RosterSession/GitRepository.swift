import Foundation
import RosterCore
import Synchronization

/// A git repository read as data: the one place roster runs git. The repository is the one whose
/// work tree holds the path the user named, found by its `.git` from the path upwards — never a
/// folder inside the work tree that calls itself a repository (a bare repository anyone can
/// commit as ordinary files) — and git runs with that folder named explicitly and with every
/// setting through which a repository's configuration could run a program switched off
/// (``GitRepository/settings``; docs/decisions.md, "A repository is data").
struct GitRepository: Sendable {
    /// The work tree's top, symbolic links resolved.
    let top: String
    /// The git folder (`TOP/.git`: a folder, or a file naming one, as a worktree or submodule has).
    let gitDirectory: String

    /// The repository whose work tree holds `path` (a file or folder; the nearest existing folder
    /// above it when it is not there), or nil outside git.
    static func containing(_ path: String) -> GitRepository? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
            guard folder.path != "/" else { return nil }
            folder = folder.deletingLastPathComponent()
        }
        while true {
            let dotGit = folder.appendingPathComponent(".git").path
            if FileManager.default.fileExists(atPath: dotGit) {
                return GitRepository(top: folder.path, gitDirectory: dotGit)
            }
            guard folder.path != "/" else { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// The settings every git command runs with, after the repository's own: none of them lets a
    /// repository's configuration run a program, page, sign, fetch or choose other objects.
    static let settings = [
        "safe.bareRepository=explicit", "core.fsmonitor=false", "core.hooksPath=/dev/null", "core.pager=cat",
        "log.showSignature=false", "core.useReplaceRefs=false", "protocol.allow=never", "gc.auto=0",
        "maintenance.auto=false",
    ]

    /// The environment git runs in: the user's, without what would name another repository or
    /// run a diff program, with no pager, no prompt and no optional locks.
    static func environment(_ inherited: [String: String]) -> [String: String] {
        var environment = inherited
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_EXTERNAL_DIFF", "GIT_DIFF_OPTS", "GIT_CEILING_DIRECTORIES"] {
            environment[name] = nil
        }
        environment["GIT_PAGER"] = "cat"
        environment["PAGER"] = "cat"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_NO_REPLACE_OBJECTS"] = "1"
        return environment
    }

    /// The whole command line of `git ARGUMENTS` for this repository.
    func commandLine(_ arguments: [String]) -> [String] {
        [
            "git", "--no-pager", "--literal-pathspecs", "--no-replace-objects", "--git-dir=\(gitDirectory)",
            "--work-tree=\(top)",
        ] + Self.settings.flatMap { ["-c", $0] } + arguments
    }

    /// What `git ARGUMENTS` writes on standard output; `input` is written to its standard input.
    /// A git that fails (or is not there) is an error naming the command and what git said.
    func run(_ arguments: [String], input: [UInt8]? = nil) throws(GitFailure) -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = commandLine(arguments)
        process.environment = Self.environment(ProcessInfo.processInfo.environment)
        process.currentDirectoryURL = URL(fileURLWithPath: top)
        let output = Pipe(), errors = Pipe(), feed = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = input == nil ? FileHandle.nullDevice : feed
        do { try process.run() } catch { throw GitFailure(arguments, said: "git could not be started: \(error)") }
        // Standard input is written and standard error read on other threads: git answers while it
        // reads, and a full pipe would stop both sides.
        if let input {
            let writer = feed.fileHandleForWriting
            DispatchQueue.global().async {
                writer.write(Data(input))
                try? writer.close()
            }
        }
        let said = ErrorText()
        let reader = errors.fileHandleForReading
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { said.keep(reader.readDataToEndOfFile()) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        guard process.terminationStatus == 0 else { throw GitFailure(arguments, said: said.text) }
        return [UInt8](data)
    }

    /// `run`, its output read as UTF-8 with the final line break removed.
    func text(_ arguments: [String]) throws(GitFailure) -> String {
        var text = String(decoding: try run(arguments), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// `path` (absolute or relative to the current folder) relative to the top, `.` for the top
    /// itself; nil when it is outside the work tree.
    func relative(_ path: String) -> String? {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if absolute == top { return "." }
        let prefix = top == "/" ? "/" : top + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : nil
    }
}

/// git failed, or wrote what roster cannot read: what happened, in one line made safe for a terminal.
struct GitFailure: Error, Sendable {
    var message: String

    /// `git log failed: fatal: …`: the command and the first line git said.
    init(_ arguments: [String], said: String) {
        let line = said.split(whereSeparator: \.isNewline).first.map(String.init) ?? "it gave no reason"
        message = TerminalText.escape("git \(arguments.prefix(1).joined()) failed: \(line)")
    }

    init(message: String) { self.message = TerminalText.escape(message) }
}

/// What a process wrote on standard error, kept from the thread that read it.
private final class ErrorText: Sendable {
    private let stored = Mutex("")

    func keep(_ data: Data) { stored.withLock { $0 = String(decoding: data.prefix(4096), as: UTF8.self) } }

    var text: String { stored.withLock { $0 } }
}
