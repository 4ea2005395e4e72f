import Foundation
import RosterCore

/// Finds the roster files that paths name: files as given, and below each directory every
/// `*.yaml`, `*.yml` and `*.json` file in sorted path order, hidden ones skipped. Each file is
/// found once however it is reached (named twice, or again through a link); a directory reached
/// again through a link (a loop) is skipped with a warning; a link that leads nowhere is an
/// error naming the path. `-` stands for standard input.
struct RosterFileFinder {
    /// A file's identity on disk: device and inode.
    private struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64

        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private var files = Set<Identity>()
    private var directories = Set<Identity>()
    private(set) var found: [String] = []
    private(set) var diagnostics: [Diagnostic] = []

    static let extensions = [".yaml", ".yml", ".json"]

    mutating func add(_ path: String) {
        if path == "-" {
            found.append(path)
            return
        }
        var info = stat()
        guard stat(path, &info) == 0 else {
            diagnostics.append(.error(.missingFile, Self.missing(path), at: .file(path)))
            return
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            let before = found.count
            walk(path, info)
            if found.count == before {
                diagnostics.append(
                    .error(
                        .emptyDirectory, "the directory holds no roster file (*.yaml, *.yml, *.json)", at: .file(path)))
            }
        } else if (info.st_mode & S_IFMT) != S_IFREG || files.insert(Identity(info)).inserted {
            // Pipes and devices (`/dev/stdin`, a FIFO, `<(…)`) are read as streams, once each.
            found.append(path)
        }
    }

    /// Why `path` cannot be opened, when `stat` fails.
    static func missing(_ path: String) -> String {
        let reason = errno
        var link = stat()
        guard lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else {
            return reason == ENOENT
                ? "no such file or directory" + nearest(path)
                : "cannot read it: \(String(cString: strerror(reason)))"
        }
        if reason == ELOOP { return "the symbolic link loops" }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        return "the symbolic link leads nowhere (to \"\(TerminalText.escape(target))\")"
    }

    /// `; did you mean "roster/"?` for the entry of the path's folder nearest its last part
    /// (`rooster/`, `people.yml`), or nothing.
    static func nearest(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder),
            let near = Suggestions.nearest(to: name, among: entries.filter { !$0.hasPrefix(".") })
        else { return "" }
        // The path as given up to its last part (`roster/` of `roster/people.yml`).
        let written = path.hasSuffix("/") ? String(path.dropLast()) : path
        let prefix = written.lastIndex(of: "/").map { String(written[...$0]) } ?? ""
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: folder + "/" + near, isDirectory: &isFolder)
        return "; did you mean \"\(TerminalText.escape(prefix + near + (isFolder.boolValue ? "/" : "")))\"?"
    }

    private mutating func walk(_ directory: String, _ info: stat) {
        guard directories.insert(Identity(info)).inserted else {
            diagnostics.append(
                .warning(
                    .linkLoop, "skipped: this directory was already read (a symbolic link leads back to it)",
                    at: .file(directory)))
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
            diagnostics.append(.error(.unreadable, "cannot read the directory", at: .file(directory)))
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            let isRoster = Self.extensions.contains { name.hasSuffix($0) }
            var entry = stat()
            guard stat(path, &entry) == 0 else {
                // A link to nothing is only a roster file's problem when it is named like one.
                if isRoster { diagnostics.append(.error(.missingFile, Self.missing(path), at: .file(path))) }
                continue
            }
            if (entry.st_mode & S_IFMT) == S_IFDIR {
                walk(path, entry)
            } else if isRoster, files.insert(Identity(entry)).inserted {
                found.append(path)
            }
        }
    }
}
