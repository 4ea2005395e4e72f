import Foundation
import RosterCore
import RosterModel

/// The roster as it was last applied, for a three-way pull: the roster files as the default
/// branch has them — at the merge base of `HEAD` and `origin/HEAD`, else of `main` or `master`,
/// or at a ref the user names. Edits on the default branch not committed yet are then pending
/// too (the base is the commit). Outside git, or where the base lacks one of the roster's files,
/// there is no base: every difference is then drift.
enum GitBase {
    /// The base roster, or why there is none (said in one line); `unknownRef` when the ref the
    /// user named does not exist.
    static func roster(files: [String], ref: String?) -> (Roster?, why: String?, unknownRef: Bool) {
        guard let first = files.first else { return (nil, "no roster file", false) }
        guard let repository = GitRepository.containing(first) else { return (nil, "not in a git repository", false) }
        guard let commit = baseCommit(ref, in: repository) else {
            let why = ref.map { "no git ref \($0)" } ?? "no origin/HEAD, main or master to take the base from"
            return (nil, why, ref != nil)
        }
        let relative = files.map { repository.relative($0) }
        guard let held = try? repository.files(at: commit, under: relative.compactMap { $0 }),
            let texts = try? repository.contents(Array(held.values))
        else { return (nil, "git could not read the base (\(commit.prefix(12)))", false) }
        var loaded: [(String, [UInt8])] = []
        for (file, path) in zip(files, relative) {
            guard let path, let blob = held[path], let text = texts[blob] else {
                return (nil, "the base (\(commit.prefix(12))) has no \(file)", false)
            }
            loaded.append((file, text))
        }
        let result = RosterLoader().load(texts: loaded)
        guard result.isValid else { return (nil, "the roster at the base (\(commit.prefix(12))) does not load", false) }
        return (result.roster, nil, false)
    }

    /// The texts of the roster files `paths` name (files and folders, as the loader takes them)
    /// as `commit` has them, each named `COMMIT:PATH` for the diagnostics.
    static func rosterTexts(
        _ paths: [String], at commit: String, in repository: GitRepository
    ) throws(SessionFailure) -> [(String, [UInt8])] {
        var texts: [(String, [UInt8])] = []
        for path in paths {
            guard let relative = repository.relative(path) else {
                throw SessionFailure("\(path) is not in the repository", kind: .usage)
            }
            let held: [String: String], contents: [String: [UInt8]]
            do {
                held = try repository.files(at: commit, under: [relative])
                contents = try repository.contents(Array(held.values))
            } catch { throw SessionFailure(error.message) }
            // As a folder is read: its YAML and JSON files, hidden ones skipped, in path order.
            let files = held.keys.filter { RosterLoader.isRosterFile($0, below: relative) }.sorted()
            guard !files.isEmpty else {
                throw SessionFailure("\(commit.prefix(12)) has no roster at \(path)", kind: .usage)
            }
            for file in files {
                texts.append(("\(commit.prefix(12)):\(file)", held[file].flatMap { contents[$0] } ?? []))
            }
        }
        return texts
    }

    /// The commit the base is taken at.
    static func baseCommit(_ ref: String?, in repository: GitRepository) -> String? {
        if let ref { return repository.commit(ref) }
        for branch in ["origin/HEAD", "main", "master"] where repository.commit(branch) != nil {
            return repository.mergeBase("HEAD", branch)
        }
        return nil
    }
}
