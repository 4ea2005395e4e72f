import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile

/// A plan saved by `roster plan --out`, as `roster apply plan.json` reads it. Its roster paths
/// are relative to the plan file, so it applies from any directory; it names the endpoint and
/// the space it was made for, and every live entity it read.
struct SavedPlanFile {
    /// The plan file, as given.
    var path: String
    var endpoint: String
    var space: String
    var prune: Bool
    /// The roster's paths and files, relative to the plan file's folder.
    var paths: [String]
    var files: [String]
    var rosterDigest: String
    var fingerprint: Fingerprint
    /// `apply.steps`: every operation the plan was saved with.
    var steps: JSONValue
    /// The `--only` and `--exclude` the plan was made with.
    var selection: JSONValue?

    /// The saved plan named by `arguments`, or nil when they name a roster: a saved plan is
    /// a JSON file whose top level holds `format_version`.
    static func detect(_ arguments: ParsedArguments) throws(CommandFailure) -> SavedPlanFile? {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first, path.hasSuffix(".json"),
            let data = FileManager.default.contents(atPath: path), let json = JSONValue(parsing: data),
            json["format_version"] != nil
        else { return nil }
        guard let apply = json["apply"], let roster = apply["roster"] else {
            throw CommandFailure(
                "this is a plan printed by `roster plan --format json`, not a saved plan; "
                    + "save one with `roster plan --out FILE`", exitCode: ExitCode.refused, at: .file(path))
        }
        return SavedPlanFile(
            path: path, endpoint: json["endpoint"]?.stringValue ?? "", space: apply["space"]?.stringValue ?? "",
            prune: roster["prune"]?.boolValue ?? false, paths: roster["paths"]?.stringsValue ?? [],
            files: roster["files"]?.stringsValue ?? [], rosterDigest: roster["sha256"]?.stringValue ?? "",
            fingerprint: Fingerprint(entities: SavedPlan.entities(apply["entities"])),
            steps: apply["steps"] ?? .null, selection: apply["selection"])
    }

    /// The plan file's folder, absolute.
    var folder: URL { URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent() }

    /// The arguments to plan with: the saved roster paths, space and prune, after checking
    /// that the roster is unchanged and no other space is asked for.
    func arguments(for arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ParsedArguments
    {
        var args = arguments
        args.positionals = paths.map { folder.appendingPathComponent($0).standardizedFileURL.path }
        let asked = arguments.value("--space") ?? context.environment["MPS_SPACE"].flatMap { $0.isEmpty ? nil : $0 }
        if let asked, asked != space {
            throw refusal("the plan was saved for space \"\(space)\", not \"\(asked)\"")
        }
        args.values["--space"] = space
        if prune { args.flags.insert("--prune") }
        for key in ["only", "exclude"] { args.values["--\(key)"] = selection?[key]?.stringValue }
        // Checked before anything is read: a plan for one server says nothing of another.
        let current = try Connection.resolve(args, context).endpoint.url.absoluteString
        if current != endpoint { throw refusal("the plan was saved for \(endpoint), not \(current)") }
        let files = self.files.map { folder.appendingPathComponent($0).standardizedFileURL.path }
        guard Self.rosterDigest(files, relativeTo: folder) == rosterDigest else {
            throw refusal("the roster changed since the plan was saved")
        }
        return args
    }

    /// Refuses a plan whose live space changed since, or whose operations differ from the
    /// saved ones.
    func check(_ plan: Plan) throws(CommandFailure) {
        let now = plan.fingerprint
        if now.digest != fingerprint.digest {
            let changes = fingerprint.changes(since: now)
            let notes =
                changes.prefix(20).map { DiagnosticNote(location: nil, message: $0) }
                + (changes.count > 20
                    ? [DiagnosticNote(location: nil, message: "… and \(changes.count - 20) more")] : [])
            throw CommandFailure(
                diagnostics: [
                    .error(
                        "the live space changed since the plan was saved; nothing was applied; "
                            + "run `roster plan --out` again", at: .file(path), notes: notes)
                ],
                exitCode: ExitCode.refused)
        }
        // The same roster and live state plan the same operations, unless roster itself
        // changed in between (another version): then nothing of it is applied.
        guard steps.sortingKeys == SavedPlan.steps(plan).sortingKeys else {
            throw refusal(
                "the plan made now differs from the saved one, though neither the roster nor the live space "
                    + "changed (saved by another version of roster?)")
        }
    }

    func refusal(_ why: String) -> CommandFailure {
        CommandFailure(
            "\(why); nothing was applied; run `roster plan --out` again", exitCode: ExitCode.refused, at: .file(path))
    }

    /// A hash of the roster's files (their paths relative to `folder`, and their bytes), so a
    /// saved plan knows whether its roster changed since.
    static func rosterDigest(_ files: [String], relativeTo folder: URL) -> String {
        var hasher = SHA256()
        for file in files {
            hasher.update(relativePath(file, to: folder))
            hasher.update([0])
            hasher.update(FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? [])
            hasher.update([0])
        }
        return "sha256:" + hasher.hexDigest()
    }

    /// `path` (absolute or relative to the working directory) relative to `folder`.
    static func relativePath(_ path: String, to folder: URL) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = folder.standardizedFileURL.pathComponents
        var common = 0
        while common < min(target.count, base.count) && target[common] == base[common] { common += 1 }
        let up = Array(repeating: "..", count: base.count - common)
        let parts = up + target[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
