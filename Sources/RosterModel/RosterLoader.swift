import Foundation
import RosterDiagnostics
import RosterYAML

/// Loads a roster from files and directories: finds the files, parses each through the YAML
/// layer, decodes it, merges the files and validates the result.
public struct RosterLoader: Sendable {
    public var yaml = YAMLLoader()

    public init() {}

    /// The outcome of a load: the roster (even when invalid) and every diagnostic, sorted.
    public struct Result: Sendable {
        public var roster: Roster
        public var diagnostics: [Diagnostic]

        /// Whether the roster can be used: no error among the diagnostics.
        public var isValid: Bool { !diagnostics.hasErrors }
    }

    /// Loads the roster made of `paths` (files and directories, in the order given).
    public func load(paths: [String]) -> Result {
        var diagnostics: [Diagnostic] = []
        var files: [RosterFile] = []
        let named = Set(paths)
        for path in RosterLoader.expand(paths, diagnostics: &diagnostics) {
            guard let bytes = RosterLoader.readFile(path, diagnostics: &diagnostics) else { continue }
            if RosterLoader.isSavedPlan(bytes, path: path) {
                // A plan saved with `roster plan --out` beside the roster is not part of it.
                if named.contains(path) {
                    diagnostics.append(.error("this is a saved plan, not a roster file; `roster apply \(path)` applies it",
                                              at: .file(path)))
                } else {
                    diagnostics.append(Diagnostic(.note, at: .file(path), "skipped: a saved plan, not a roster file"))
                }
                continue
            }
            let (file, fileDiagnostics) = load(bytes: bytes, path: path)
            diagnostics += fileDiagnostics
            if let file { files.append(file) }
        }
        let (roster, crossFile) = RosterValidator.merge(files)
        diagnostics += crossFile
        return Result(roster: roster, diagnostics: diagnostics.sortedForDisplay())
    }

    /// Parses and decodes one file's bytes.
    public func load(bytes: [UInt8], path: String) -> (RosterFile?, [Diagnostic]) {
        var decoder = RosterFileDecoder(path: path)
        let parsed = yaml.load(bytes, file: path) { view, items in decoder.observe(view, items) }
        guard let document = parsed.document else { return (nil, parsed.diagnostics) }
        let (file, diagnostics) = decoder.finish(document)
        return (file, parsed.diagnostics + diagnostics)
    }

    /// The roster files that `paths` name: files as given, and below each directory every
    /// `*.yaml`, `*.yml` and `*.json` file in sorted path order, hidden ones skipped.
    public static func expand(_ paths: [String], diagnostics: inout [Diagnostic]) -> [String] {
        let fm = FileManager.default
        var result: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                diagnostics.append(.error("no such file or directory", at: .file(path)))
                continue
            }
            guard isDirectory.boolValue else {
                result.append(path)
                continue
            }
            let found = filesBelow(path)
            if found.isEmpty {
                diagnostics.append(.error("the directory holds no roster file (*.yaml, *.yml, *.json)", at: .file(path)))
            }
            result += found
        }
        return result
    }

    private static func filesBelow(_ directory: String) -> [String] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory) else { return [] }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                found += filesBelow(path)
            } else if name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json") {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// Whether `bytes` are a saved plan: a JSON file whose top level holds `format_version`.
    static func isSavedPlan(_ bytes: [UInt8], path: String) -> Bool {
        guard path.hasSuffix(".json"), bytes.first(where: { $0 > 0x20 }) == UInt8(ascii: "{"),
              String(decoding: bytes.prefix(4096), as: UTF8.self).contains("\"format_version\"") else { return false }
        let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return object?["format_version"] != nil
    }

    /// The largest roster file read, a guard against pointing the tool at a huge file by mistake.
    public static let maxFileSize = 512 * 1024 * 1024

    static func readFile(_ path: String, diagnostics: inout [Diagnostic]) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            diagnostics.append(.error("cannot read the file: \(String(cString: strerror(errno)))", at: .file(path)))
            return nil
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            diagnostics.append(.error("cannot read the file: \(String(cString: strerror(errno)))", at: .file(path)))
            return nil
        }
        let size = Int(info.st_size)
        guard size <= maxFileSize else {
            diagnostics.append(.error("the file is larger than \(maxFileSize / 1024 / 1024) MB", at: .file(path)))
            return nil
        }
        // Read straight into the array: no Data in between, no second copy.
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let n = bytes.withUnsafeMutableBytes { buffer in
                buffer.baseAddress.map { read(fd, $0 + filled, size - filled) } ?? 0
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            filled += n
        }
        if filled < size { bytes.removeSubrange(filled...) }
        return bytes
    }
}
