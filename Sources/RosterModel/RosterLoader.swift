import Foundation
import RosterCore
import RosterYAML

/// Loads a roster from files and directories: finds the files, parses each through the YAML
/// layer, decodes it, merges the files and validates the result.
package struct RosterLoader: Sendable {
    package var yaml = YAMLLoader()
    /// The roster read when a command is given no path, when none of ``defaultPaths`` is there.
    static let defaultPath = "roster.yaml"
    /// What a command given no path looks for, in this order: the first that exists is the roster.
    static let defaultPaths = ["roster.yaml", "roster.json", "roster/"]

    /// The roster a command given no path reads: the first of ``defaultPaths`` that exists in the
    /// working directory, else `roster.yaml` (whose absence is then the error).
    package static func defaultRoster() -> String {
        defaultPaths.first { FileManager.default.fileExists(atPath: $0) } ?? defaultPath
    }

    package init() {
        yaml.fileDescription = "a roster file"
        yaml.rootHint = " (`version: 1`, `people:`, …)"
    }

    /// The outcome of a load: the roster (even when invalid) and every diagnostic, sorted.
    package struct Result: Sendable {
        package var roster: Roster
        package var diagnostics: [Diagnostic]

        /// Whether the roster can be used: no error among the diagnostics.
        package var isValid: Bool { !diagnostics.hasErrors }
    }

    /// Whether `path` is a file a folder's walk would read below `root` (both relative to one
    /// folder, `.` for all of it): a YAML or JSON file, no part of it hidden below the root. The
    /// root itself counts whatever its name (a roster named as a file is read as given).
    package static func isRosterFile(_ path: String, below root: String) -> Bool {
        if path == root { return true }
        guard RosterFileFinder.extensions.contains(where: path.hasSuffix) else { return false }
        let inside: Substring
        if root == "." {
            inside = Substring(path)
        } else if path.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
            inside = path.dropFirst(root.count)
        } else {
            return false
        }
        return !inside.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// Loads the roster made of `paths` (files and directories, in the order given).
    package func load(paths: [String]) -> Result {
        var diagnostics: [Diagnostic] = []
        var files: [RosterFile] = []
        let named = Set(paths)
        for path in RosterLoader.expand(paths, diagnostics: &diagnostics) {
            guard let bytes = RosterLoader.readFile(path, diagnostics: &diagnostics) else { continue }
            if RosterLoader.isSavedPlan(bytes, path: path) {
                // A plan saved with `roster plan --out` beside the roster is not part of it.
                if named.contains(path) {
                    diagnostics.append(
                        .error(
                            .savedPlan,
                            "this is a saved plan, not a roster file; `roster apply \(path)` applies it",
                            at: .file(path)))
                } else {
                    diagnostics.append(
                        Diagnostic(.savedPlan, .note, at: .file(path), "skipped: a saved plan, not a roster file"))
                }
                continue
            }
            let (file, fileDiagnostics) = load(bytes: bytes, path: path == "-" ? "<stdin>" : path)
            diagnostics += fileDiagnostics
            if let file { files.append(file) }
        }
        let (roster, crossFile) = RosterValidator.merge(files)
        diagnostics += crossFile
        return Result(roster: roster, diagnostics: diagnostics.sortedForDisplay())
    }

    /// Loads the roster made of these files' texts, in this order, as if read from disk.
    package func load(texts: [(path: String, bytes: [UInt8])]) -> Result {
        var diagnostics: [Diagnostic] = []
        var files: [RosterFile] = []
        for (path, bytes) in texts {
            let (file, fileDiagnostics) = load(bytes: bytes, path: path)
            diagnostics += fileDiagnostics
            if let file { files.append(file) }
        }
        let (roster, crossFile) = RosterValidator.merge(files)
        diagnostics += crossFile
        return Result(roster: roster, diagnostics: diagnostics.sortedForDisplay())
    }

    /// The roster of files already read (``load(bytes:path:)``), as ``load(texts:)`` makes it.
    package func assemble(_ files: [(RosterFile?, [Diagnostic])]) -> Result {
        let (roster, crossFile) = RosterValidator.merge(files.compactMap(\.0))
        let diagnostics = files.flatMap(\.1) + crossFile
        return Result(roster: roster, diagnostics: diagnostics.sortedForDisplay())
    }

    /// Parses and decodes one file's bytes.
    package func load(bytes: [UInt8], path: String) -> (RosterFile?, [Diagnostic]) {
        // A `.json` file is strict JSON; libyaml alone would take a trailing comma or a comment.
        if path.hasSuffix(".json"), let failure = JSONReader.check(bytes) {
            return (
                nil,
                [
                    .error(
                        .invalidJSON,
                        "not valid JSON: \(failure.reason)",
                        at: SourceLocation(file: path, line: failure.line, column: failure.column))
                ]
            )
        }
        var decoder = RosterFileDecoder(path: path)
        let parsed = yaml.load(bytes, file: path)
        guard let document = parsed.document else {
            // The YAML layer knows no rosters: say here what an empty roster file lacks.
            let diagnostics = parsed.diagnostics.map { d in
                var d = d
                if d.code == .noDocument { d.message += "; a roster starts with `version: 1`" }
                return d
            }
            return (nil, diagnostics)
        }
        let (file, diagnostics) = decoder.decode(document)
        return (file, parsed.diagnostics + diagnostics)
    }

    /// The roster files that `paths` name (see ``RosterFileFinder``).
    static func expand(_ paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        var finder = RosterFileFinder()
        for path in paths { finder.add(path) }
        diagnostics += finder.diagnostics
        return finder.found
    }

    /// Whether `bytes` are a saved plan: a JSON file whose top level holds `format_version`.
    package static func isSavedPlan(_ bytes: [UInt8], path: String) -> Bool {
        guard path.hasSuffix(".json"), bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"),
            contains(bytes, Array("\"\(JSONEnvelope.versionKey)\"".utf8))
        else { return false }
        return JSONValue(parsing: Data(bytes))?[JSONEnvelope.versionKey] != nil
    }

    /// Whether `needle` occurs in `bytes` (a byte scan: no text is decoded).
    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var i = 0
        while let start = bytes[i...].firstIndex(of: first), start + needle.count <= bytes.count {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
            i = start + 1
        }
        return false
    }

    /// The largest roster file read, a guard against pointing the tool at a huge file by mistake.
    static let maxFileSize = 512 * 1024 * 1024

    static func readFile(_ path: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let fd = path == "-" ? 0 : open(path, O_RDONLY)
        guard fd >= 0 else {
            diagnostics.append(
                .error(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))", at: .file(path)))
            return nil
        }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            diagnostics.append(
                .error(.unreadable, "cannot read the file: \(String(cString: strerror(errno)))", at: .file(path)))
            return nil
        }
        // A regular file is read in one go at its size; a pipe, a FIFO or a terminal until its end.
        let regular = (info.st_mode & S_IFMT) == S_IFREG
        let size = regular ? Int(info.st_size) : 0
        guard size <= maxFileSize else {
            diagnostics.append(
                .error(.tooLarge, "the file is larger than \(maxFileSize / 1024 / 1024) MB", at: .file(path)))
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: regular ? size : 64 * 1024)
        var filled = 0
        while true {
            if filled == bytes.count {
                if regular { break }
                guard bytes.count < maxFileSize else {
                    diagnostics.append(
                        .error(.tooLarge, "the input is larger than \(maxFileSize / 1024 / 1024) MB", at: .file(path)))
                    return nil
                }
                bytes += [UInt8](repeating: 0, count: min(bytes.count, maxFileSize - bytes.count))
            }
            let n = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(fd, $0 + filled, buffer.count - filled) } ?? 0
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        return bytes
    }
}
