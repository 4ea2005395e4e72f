import Foundation
import MPSClient
import RosterCore
import RosterModel
import RosterReconcile

/// The file of a plan saved by `roster plan --out` (its `apply` section is a ``SavedPlan``):
/// where it is, the endpoint it names, and the checks `roster apply plan.json` makes. Its roster
/// paths are relative to the plan file, so it applies from any directory.
package struct SavedPlanFile: Sendable {
    /// The plan file, as given.
    var path: String
    var endpoint: String
    var saved: SavedPlan

    /// The saved plan `paths` name, or nil when they name a roster (a saved plan is a JSON file
    /// whose top level holds `format_version`, as the roster loader also knows).
    static func detect(_ paths: [String]) throws(SessionFailure) -> SavedPlanFile? {
        guard paths.count == 1, let path = paths.first,
            let data = FileManager.default.contents(atPath: path), RosterLoader.isSavedPlan([UInt8](data), path: path),
            let json = JSONValue(parsing: data)
        else { return nil }
        return try read(json, path: path)
    }

    /// Reads a saved plan's JSON; a missing or mistyped field is an error that names it.
    static func read(_ json: JSONValue, path: String) throws(SessionFailure) -> SavedPlanFile {
        guard let apply = json["apply"] else {
            throw SessionFailure(
                "this is a plan printed by `roster plan --format json`, not a saved plan; "
                    + "save one with `roster plan --out FILE`", at: .file(path), kind: .refused)
        }
        func failure(_ why: String) -> SessionFailure {
            SessionFailure("\(why); nothing was applied", at: .file(path), kind: .refused)
        }
        do throws(SavedPlan.Problem) {
            let saved = try SavedPlan(reading: apply)
            guard let endpoint = json["endpoint"]?.stringValue else { throw .missing("endpoint") }
            return SavedPlanFile(path: path, endpoint: endpoint, saved: saved)
        } catch {
            switch error {
            case .newer(let version):
                throw failure("the plan was saved by a newer roster (apply.version \(version)); update roster")
            case .missing(let name): throw failure("the saved plan lacks \(name) (or it has the wrong type)")
            }
        }
    }

    /// The plan file's folder, absolute.
    var folder: URL { URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent() }

    /// Refuses, before anything is read, a plan saved for another space or server, or whose
    /// roster changed since: a plan for one server says nothing of another.
    func checkConnection(_ options: ConnectionOptions, environment: [String: String]) throws(SessionFailure) {
        let asked = options.space ?? environment["MPS_SPACE"].flatMap { $0.isEmpty ? nil : $0 }
        if let asked, asked != saved.space {
            throw refusal("the plan was saved for space \"\(saved.space)\", not \"\(asked)\"")
        }
        let current = try Connection.resolve(options, environment: environment).endpoint.url.absoluteString
        if current != endpoint { throw refusal("the plan was saved for \(endpoint), not \(current)") }
        let files = saved.roster.files.map { folder.appendingPathComponent($0).standardizedFileURL.path }
        guard Self.rosterDigest(files, relativeTo: folder) == saved.roster.sha256 else {
            throw refusal("the roster changed since the plan was saved")
        }
    }

    /// What to plan again: the saved roster paths, space, prune and selection.
    func request() throws(SessionFailure) -> PlanRequest {
        var request = try PlanRequest(
            paths: saved.roster.paths.map { folder.appendingPathComponent($0).standardizedFileURL.path },
            space: saved.space, prune: saved.roster.prune, selectionText: saved.selection)
        if let day = saved.asOf { request.asOf = day }
        return request
    }

    /// Refuses a plan whose live space changed since, or whose operations differ from the
    /// saved ones.
    func check(_ plan: Plan) throws(SessionFailure) {
        let now = plan.fingerprint
        if now.digest != saved.fingerprint.digest {
            let changes = saved.fingerprint.changes(since: now)
            let notes =
                changes.prefix(20).map { DiagnosticNote(location: nil, message: $0) }
                + (changes.count > 20
                    ? [DiagnosticNote(location: nil, message: "… and \(changes.count - 20) more")] : [])
            throw SessionFailure(
                diagnostics: [
                    .error(
                        "the live space changed since the plan was saved; nothing was applied; "
                            + "run `roster plan --out` again", at: .file(path), notes: notes)
                ],
                kind: .refused)
        }
        // The same roster and live state plan the same operations, unless roster itself
        // changed in between (another version): then nothing of it is applied.
        guard saved.steps.sortingKeys == SavedPlan.steps(plan).sortingKeys else {
            throw refusal(
                "the plan made now differs from the saved one, though neither the roster nor the live space "
                    + "changed (saved by another version of roster?)")
        }
    }

    func refusal(_ why: String) -> SessionFailure {
        SessionFailure(
            "\(why); nothing was applied; run `roster plan --out` again", at: .file(path), kind: .refused)
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

    /// Writes the plan with what apply needs; the roster's paths are written relative to the
    /// plan file, so `roster apply FILE` works from any directory.
    package static func write(
        _ plan: Plan, json: JSONValue, fingerprint: Fingerprint, roster: Roster, request: PlanRequest,
        to path: String, links: FileReplacer.Links
    ) throws(SessionFailure) {
        // The plan's JSON is an object as the renderers make it; anything else is a bug, said,
        // not a file silently left unwritten.
        guard case .object(var fields) = json else {
            throw SessionFailure("roster could not build the saved plan; nothing was written, please report this")
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        let relative = { (file: String) in relativePath(file, to: folder) }
        let files = SavedPlan.RosterFiles(
            paths: (request.paths.isEmpty ? [RosterLoader.defaultRoster()] : request.paths).map(relative),
            files: roster.files.map(relative), sha256: rosterDigest(roster.files, relativeTo: folder),
            prune: request.prune)
        let saved = SavedPlan(
            plan, fingerprint: fingerprint, policy: roster.policy, roster: files,
            selection: request.selectionText)
        fields.append(("apply", saved.json))
        let text = JSONValue.object(fields).rendered(indent: 2) + "\n"
        try FileReplacer.save(Array(text.utf8), to: path, what: "the plan", links: links)
    }
}
