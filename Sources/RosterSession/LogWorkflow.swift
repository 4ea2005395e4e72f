import Foundation
import RosterCore
import RosterModel
import RosterReconcile

/// `roster log`'s work, with no server: the commits that changed the roster files (the first-parent
/// history, so a merged pull request is one entry), each planned against the roster before it
/// (``RosterSnapshot``), so that its people view says who joined, left, moved or was promoted.
/// Each version is loaded once: the work grows with the commits, not with their pairs.
package struct LogWorkflow: Sendable {
    /// A commit that changed the roster files.
    package struct Commit: Sendable {
        package var commit: String
        /// The author's date, `YYYY-MM-DDTHH:MM:SS±HH:MM`.
        package var date: String
        package var author: String
        package var subject: String
    }

    /// One commit, and what it changed.
    package struct Entry: Sendable {
        package var commit: Commit
        package var plan: Plan
    }

    var paths: [String]
    /// `--since` and `--until`, as git reads them.
    var since: String?
    var until: String?

    package init(paths: [String], since: String? = nil, until: String? = nil) {
        self.paths = paths.isEmpty ? [RosterLoader.defaultRoster()] : paths
        self.since = since
        self.until = until
    }

    /// The entries, oldest first, and what could not be read (a version that does not load).
    /// Versions are read a batch at a time (bounded memory), each batch loaded and planned on
    /// every core.
    package func entries() throws(SessionFailure) -> (entries: [Entry], skipped: [String]) {
        guard let repository = GitRepository.containing(paths[0]) else {
            throw SessionFailure(
                "roster log reads the roster's history from git, and \(paths[0]) is not in a git repository",
                kind: .usage)
        }
        let relative = paths.map { repository.relative($0) ?? $0 }
        let history = GitHistory(repository: repository, paths: relative)
        let options = (since.map { ["--since=\($0)"] } ?? []) + (until.map { ["--until=\($0)"] } ?? [])
        do {
            let (before, versions) = try history.versions(options: options)
            var previous = try load(before, history).roster ?? Roster()
            var entries: [Entry] = [], skipped: [String] = []
            for start in stride(from: 0, to: versions.count, by: 32) {
                let batch = Array(versions[start..<min(start + 32, versions.count)])
                let blobs = try history.contents(Array(Set(batch.flatMap { $0.files.map(\.blob) })))
                let rosters = Self.parallel(batch.count) { i in
                    Self.load(Dictionary(uniqueKeysWithValues: batch[i].files), blobs)
                }
                let first = previous
                let plans = Self.parallel(batch.count) { i -> Plan? in
                    guard let next = rosters[i].roster else { return nil }
                    let before = (0..<i).reversed().lazy.compactMap { rosters[$0].roster }.first ?? first
                    return Planner.plan(roster: next, live: RosterSnapshot.live(before, next: next), prune: true).0
                }
                for (i, version) in batch.enumerated() {
                    if let problem = rosters[i].problem {
                        skipped.append("\(version.commit.commit.prefix(12)): \(problem)")
                    }
                    if let plan = plans[i] { entries.append(Entry(commit: version.commit, plan: plan)) }
                }
                previous = rosters.lazy.compactMap(\.roster).last ?? previous
            }
            return (entries, skipped)
        } catch { throw SessionFailure(error.message) }
    }

    /// The roster of `files` (path → blob), read from the repository.
    func load(
        _ files: [String: String], _ history: GitHistory
    ) throws(GitFailure) -> (roster: Roster?, problem: String?) {
        Self.load(files, try history.contents(Array(files.values)))
    }

    /// The roster of `files` (path → blob) from `blobs`; nil with why when it does not load.
    static func load(_ files: [String: String], _ blobs: [String: [UInt8]]) -> (roster: Roster?, problem: String?) {
        guard !files.isEmpty else { return (Roster(), nil) }
        let texts = files.sorted { $0.key < $1.key }.map { (path: $0.key, bytes: blobs[$0.value] ?? []) }
        let loaded = RosterLoader().load(texts: texts)
        return loaded.isValid ? (loaded.roster, nil) : (nil, "the roster does not load")
    }

    /// `work` of each index, on every core.
    static func parallel<T: Sendable>(_ count: Int, _ work: @Sendable (Int) -> T) -> [T] {
        let results = ParallelResults<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { results.set($0, work($0)) }
        return results.values
    }
}

/// Results written from several threads, each to its own index.
private final class ParallelResults<T>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func set(_ i: Int, _ value: T) { buffer[i] = value }

    var values: [T] { buffer.compactMap { $0 } }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
