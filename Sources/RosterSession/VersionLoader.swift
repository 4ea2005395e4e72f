import Foundation
import RosterCore
import RosterModel
import Synchronization

/// The rosters of a history's versions, each file read once however many versions hold it (a
/// file a commit did not change is not read again), and the files of a batch parsed on every core.
struct VersionLoader {
    /// A version's roster, or why it does not load.
    struct Loaded: Sendable {
        var roster: Roster?
        var problem: String?
    }

    let repository: GitRepository

    /// Each version's roster, or why it does not load, a batch at a time (bounded memory), in order.
    func load(
        _ versions: [GitHistory.Version], _ each: ([Loaded]) -> Void
    ) throws(GitFailure) {
        var parsed: [String: (RosterFile?, [Diagnostic])] = [:]
        for start in stride(from: 0, to: versions.count, by: Self.batch) {
            let batch = Array(versions[start..<min(start + Self.batch, versions.count)])
            let wanted = Set(batch.flatMap { $0.files.map { Self.key($0.path, $0.blob) } })
                .subtracting(parsed.keys).sorted()
            let contents = try repository.contents(wanted.map { String($0.split(separator: "\u{0}")[1]) })
            let files = LogWorkflow.parallel(wanted.count) { i in
                let parts = wanted[i].split(separator: "\u{0}").map(String.init)
                // Files are parsed on every core already: none needs a thread of its own for libyaml.
                var loader = RosterLoader()
                loader.yaml.backgroundThreshold = .max
                return loader.load(bytes: contents[parts[1]] ?? [], path: parts[0])
            }
            for (key, file) in zip(wanted, files) { parsed[key] = file }
            let known = parsed
            each(LogWorkflow.parallel(batch.count) { i in Self.assemble(batch[i], known) })
            // A file no later version holds is not kept.
            let later = Set(
                versions[min(start + Self.batch, versions.count)...].flatMap {
                    $0.files.map { Self.key($0.path, $0.blob) }
                })
            parsed = parsed.filter { later.contains($0.key) }
        }
    }

    /// A version's roster from its files, parsed.
    static func assemble(_ version: GitHistory.Version, _ parsed: [String: (RosterFile?, [Diagnostic])]) -> Loaded {
        guard !version.files.isEmpty else { return Loaded(roster: Roster(), problem: nil) }
        let loaded = RosterLoader().assemble(version.files.map { parsed[key($0.path, $0.blob)] ?? (nil, []) })
        return loaded.isValid
            ? Loaded(roster: loaded.roster, problem: nil) : Loaded(roster: nil, problem: "the roster does not load")
    }

    /// Versions read together: enough to keep both cores busy, few enough to hold in memory.
    static let batch = 64

    static func key(_ path: String, _ blob: String) -> String { path + "\u{0}" + blob }
}

extension LogWorkflow {
    /// `work` of each index, on every core; each result kept under a lock (the work, not the
    /// lock, is what takes the time: a version's parse, validation and plan).
    static func parallel<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        let results = Mutex([T?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let value = work(i)
            results.withLock { $0[i] = value }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
