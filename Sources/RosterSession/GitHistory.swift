import Foundation
import RosterCore

/// The roster's files through git's history, read with a few git processes however long the
/// history: one `git log --raw` gives each commit and the blobs it changed, one `git ls-tree` the
/// files before the first, and one `git cat-file --batch` a batch of versions' contents.
struct GitHistory {
    /// A commit, and the roster files (path, blob) as it leaves them.
    struct Version {
        var commit: LogWorkflow.Commit
        var files: [(path: String, blob: String)]
    }

    let top: String
    /// The roster's paths, relative to the repository's top (`.` for all of it).
    let paths: [String]

    /// Whether `path` (relative to the top) is a roster file one of `paths` holds: a YAML or
    /// JSON file, no part of it hidden below the path it is reached by.
    func holds(_ path: String) -> Bool {
        guard [".yaml", ".yml", ".json"].contains(where: path.hasSuffix) else { return false }
        return paths.contains { root in
            let inside: Substring
            if root == "." {
                inside = Substring(path)
            } else if path == root || path.hasPrefix(root + "/") {
                inside = path.dropFirst(root.count)
            } else {
                return false
            }
            return !inside.split(separator: "/").contains { $0.hasPrefix(".") }
        }
    }

    /// Each commit that changed the paths, oldest first, with its roster files.
    func versions(since: String?, until: String?) throws(SessionFailure) -> [Version] {
        var arguments = [
            "log", "--first-parent", "--reverse", "--raw", "--no-abbrev", "--no-renames",
            "--format=%x1e%H%x1f%aI%x1f%an%x1f%s",
        ]
        if let since { arguments.append("--since=\(since)") }
        if let until { arguments.append("--until=\(until)") }
        guard let log = GitBase.git(arguments + ["--"] + paths, in: top, trim: false) else {
            throw SessionFailure("git could not list the history of \(paths.joined(separator: ", "))", kind: .usage)
        }
        var versions: [Version] = []
        var files: [String: String] = [:]
        for (n, record) in log.split(separator: "\u{1E}").enumerated() {
            let lines = record.split(separator: "\n")
            let fields = (lines.first ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(
                String.init)
            guard fields.count == 4 else { continue }
            if n == 0 { files = tree(at: fields[0] + "^") }
            for line in lines.dropFirst() { apply(line, to: &files) }
            let commit = LogWorkflow.Commit(commit: fields[0], date: fields[1], author: fields[2], subject: fields[3])
            versions.append(
                Version(
                    commit: commit,
                    files: files.filter { holds($0.key) }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
        return versions
    }

    /// The roster files of `commit` (none when it does not exist: the first commit's parent).
    func tree(at commit: String) -> [String: String] {
        guard let listed = GitBase.git(["ls-tree", "-r", "--full-tree", commit, "--"] + paths, in: top) else {
            return [:]
        }
        var files: [String: String] = [:]
        for line in listed.split(separator: "\n") {
            // `100644 blob SHA\tPATH`
            let parts = line.split(separator: "\t", maxSplits: 1)
            let meta = parts.first?.split(separator: " ") ?? []
            guard parts.count == 2, meta.count == 3 else { continue }
            files[String(parts[1])] = String(meta[2])
        }
        return files
    }

    /// One `--raw` line (`:100644 100644 OLD NEW M\tPATH`) applied to the files.
    func apply(_ line: Substring, to files: inout [String: String]) {
        let parts = line.split(separator: "\t", maxSplits: 1)
        let meta = parts.first?.split(separator: " ") ?? []
        guard line.hasPrefix(":"), parts.count == 2, meta.count == 5 else { return }
        let path = String(parts[1])
        if meta[4].hasPrefix("D") { files[path] = nil } else { files[path] = String(meta[3]) }
    }

    /// The contents of `blobs`, from one `git cat-file --batch`.
    func contents(_ blobs: [String]) -> [String: [UInt8]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", top, "cat-file", "--batch"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return [:] }
        let request = Data(blobs.map { $0 + "\n" }.joined().utf8)
        // Written from another thread: git answers while it reads, and a full pipe would stop both.
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            writer.write(request)
            try? writer.close()
        }
        let data = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        return Self.parse(data)
    }

    /// `SHA blob SIZE\nCONTENT\n`, again and again.
    static func parse(_ data: [UInt8]) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        var i = 0
        while i < data.count, let end = data[i...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = String(decoding: data[i..<end], as: UTF8.self).split(separator: " ")
            i = end + 1
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), i + size <= data.count else {
                continue
            }
            out[String(header[0])] = Array(data[i..<(i + size)])
            i += size + 1
        }
        return out
    }
}
