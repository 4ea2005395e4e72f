import Foundation
import RosterCore
import RosterModel
import RosterReconcile

/// The plans reviewed on merged pull requests, for `roster apply ROSTER --reviewed FOLDER`: every
/// saved plan in the folder and below it, each saved for this endpoint (and, once the space is
/// known, this space). What they reviewed, fact by fact, is what the apply may run of the plan
/// it makes now.
struct ReviewedPlans: Sendable {
    /// The saved plans read, their paths as found.
    var files: [SavedPlanFile]

    /// Every saved plan below `folder`; none, one for another endpoint, or one saved by a roster
    /// that did not record what it reviewed, is refused (nothing is applied).
    static func read(
        _ folder: String, connection: ConnectionOptions, environment: [String: String]
    ) throws(SessionFailure) -> ReviewedPlans {
        let endpoint = try Connection.resolve(connection, environment: environment).endpoint.url.absoluteString
        var files: [SavedPlanFile] = []
        for path in savedPlans(below: folder) {
            guard let data = FileManager.default.contents(atPath: path), let json = JSONValue(parsing: data) else {
                continue
            }
            let file = try SavedPlanFile.read(json, path: path)
            if file.endpoint != endpoint {
                throw file.refusal("the plan was saved for \(file.endpoint), not \(endpoint)")
            }
            if file.saved.reviewed == nil {
                throw file.refusal("the plan was saved by a roster that did not record what it reviewed")
            }
            files.append(file)
        }
        guard !files.isEmpty else {
            throw SessionFailure(
                "\(folder) holds no saved plan, so nothing was reviewed; nothing was applied", at: .file(folder),
                kind: .refused)
        }
        return ReviewedPlans(files: files)
    }

    /// What the plans reviewed, together.
    var facts: Set<ReviewFact> { Set(files.flatMap { $0.saved.reviewed ?? [] }) }

    /// Refuses the plans when one was saved for another space than `space`.
    func check(space: String) throws(SessionFailure) {
        for file in files where file.saved.space != space {
            throw file.refusal("the plan was saved for space \"\(file.saved.space)\", not \"\(space)\"")
        }
    }

    /// The saved plans below `folder` (a JSON file whose top level holds `format_version`), sorted.
    static func savedPlans(below folder: String) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walk.compactMap { $0 as? URL }.map(\.path).filter { path in
            guard path.hasSuffix(".json"), let data = FileManager.default.contents(atPath: path) else { return false }
            return RosterLoader.isSavedPlan([UInt8](data), path: path)
        }.sorted()
    }
}
