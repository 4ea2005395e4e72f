import Foundation
import RosterCore
import RosterModel
import RosterReconcile

/// `roster log`'s work, with no server: one account of the roster's history. Each first-parent
/// commit that changed the roster (a merged pull request is one commit: its merge) tells what
/// changed on its day, and what it decided for later days; each dated change is told again on its
/// day, once, as taking effect (``Entry/decidedIn`` names the commit that decided it). Each version
/// is its newer roster planned against the version before, both as they stand on the commit's day
/// (``HistoryPlan``): nothing is told twice, and what only moves between files (a split, a fold of
/// past dates) changes nobody.
package struct LogWorkflow: Sendable {
    /// A commit that changed the roster, and the subjects of the commits a merge brought.
    package struct Commit: Sendable {
        package var commit: String
        /// The author's date, `YYYY-MM-DDTHH:MM:SS±HH:MM`.
        package var date: String
        package var author: String
        package var subject: String
        package var merged: [(commit: String, subject: String)]
    }

    /// One entry of the history: a commit, or a day on which what a commit dated took effect.
    package struct Entry: Sendable {
        /// The commit's day (UTC), or the day the dated changes took effect.
        package var day: Day
        /// The commit; nil for the changes a roster dated, on their day.
        package var commit: Commit?
        /// For a day's entry: the commits that decided its changes.
        package var decidedIn: [String]
        /// What changed (its `scheduled`: what a commit decided for later days).
        package var plan: Plan
    }

    var paths: [String]
    /// No path was given: the roster is followed between the default names too.
    var byDefault: Bool
    /// The day the history is told to: dated changes up to it have taken effect.
    var today: Day

    package init(paths: [String], today: Day = .today) {
        byDefault = paths.isEmpty
        self.paths = paths.isEmpty ? [RosterLoader.defaultRoster()] : paths
        self.today = today
    }

    /// The history's account.
    package struct Account: Sendable {
        /// The entries, oldest first (the days of an entry are UTC days).
        package var entries: [Entry]
        /// The versions that do not load, each with why: left out.
        package var skipped: [String]
        /// Who is in no team today, by the last version (nil: no version loads).
        package var inNoTeam: [String]?
    }

    /// The history's account, from its first version to today.
    package func entries() throws(SessionFailure) -> Account {
        guard let repository = GitRepository.containing(paths[0]) else {
            throw SessionFailure(
                "roster log reads the roster's history from git, and \(paths[0]) is not in a git repository",
                kind: .usage)
        }
        let roots = paths.map { repository.relative($0) ?? $0 }
        do {
            let history = GitHistory(repository: repository, roots: roots, byDefault: byDefault)
            let versions = try history.versions()
            var told = Teller(today: today, roots: roots)
            try VersionLoader(repository: repository).load(versions) { loaded in
                let start = told.versions
                let batch = Array(versions[start..<start + loaded.count])
                told.add(batch, loaded)
            }
            told.finish()
            return Account(
                entries: told.entries, skipped: told.skipped,
                inNoTeam: told.last.map { PeopleTeams.inNoTeam($0, on: today) })
        } catch { throw SessionFailure(error.message) }
    }
}

/// Tells the versions one after another: each commit's plan against the version before, what it
/// decided for later, and the days its dated changes took effect before the next commit.
struct Teller {
    let today: Day
    /// The paths the history is of, for the words of a note.
    var roots: [String] = []
    var entries: [LogWorkflow.Entry] = []
    /// How many versions were told.
    var versions = 0
    var skipped: [String] = []
    var last: Roster?
    var lastDay = Day.distantPast
    var lastScheduled: [ScheduledChange] = []
    /// The commit that decided each dated change still to come, by the change's words.
    var decided: [String: String] = [:]

    /// A batch of versions and their rosters: planned on every core, each against the last
    /// version before it that loads, then told in order.
    mutating func add(_ versions: [GitHistory.Version], _ loaded: [VersionLoader.Loaded]) {
        var previous: [Roster?] = []
        var before = last
        for item in loaded {
            previous.append(before)
            if let roster = item.roster { before = roster }
        }
        let plans = LogWorkflow.parallel(versions.count) { [previous] i -> Plan? in
            guard let roster = loaded[i].roster else { return nil }
            return HistoryPlan.plan(from: previous[i], to: roster, on: Self.day(versions[i].commit))
        }
        for i in versions.indices { add(versions[i], loaded[i], plans[i]) }
    }

    mutating func add(_ version: GitHistory.Version, _ loaded: VersionLoader.Loaded, _ plan: Plan?) {
        versions += 1
        let commit = version.commit
        guard let roster = loaded.roster else {
            skipped.append("\(commit.id.prefix(12)): \(loaded.problem ?? "the roster does not load")")
            return
        }
        // The roster's files gone from the paths (moved elsewhere, or deleted) is nobody leaving.
        guard !version.files.isEmpty || last == nil else {
            skipped.append(
                "\(commit.id.prefix(12)): the roster's files are gone from \(roots.joined(separator: ", ")) here "
                    + "(moved or deleted); give the paths it has now to follow it further")
            return
        }
        let day = Self.day(commit)
        tookEffect(through: day)
        guard var plan else {
            skipped.append("\(commit.id.prefix(12)): the roster cannot be compared with the version before")
            return
        }
        let all = plan.scheduled
        let before = Set(lastScheduled.filter { $0.on > day }.map(\.words))
        plan.scheduled = all.filter { !before.contains($0.words) }
        for change in plan.scheduled { decided[change.words] = commit.id }
        let told = LogWorkflow.Commit(
            commit: commit.id, date: commit.date, author: commit.author, subject: commit.subject,
            merged: version.merged.map { ($0.id, $0.subject) })
        entries.append(LogWorkflow.Entry(day: day, commit: told, decidedIn: [], plan: plan))
        (last, lastDay, lastScheduled) = (roster, day, all)
    }

    /// The last version's dated changes that took effect after its commit, up to today.
    mutating func finish() { tookEffect(through: today) }

    /// The days after the last commit, up to `day`, on which its dated changes took effect: an
    /// entry each.
    mutating func tookEffect(through day: Day) {
        guard let space = entries.last?.plan.space else { return }
        let due = lastScheduled.filter { $0.on > lastDay && $0.on <= day }
        for (on, changes) in Dictionary(grouping: due, by: \.on).sorted(by: { $0.key < $1.key }) {
            let commits = changes.compactMap { decided[$0.words] }
            let plan = Plan(
                endpoint: nil, space: space, changes: changes.map(\.change), steps: [], warnings: [], deletes: [],
                live: LiveState(space: space, users: [], teams: [], levels: []))
            entries.append(LogWorkflow.Entry(day: on, commit: nil, decidedIn: Array(Set(commits)).sorted(), plan: plan))
        }
        lastDay = max(lastDay, day)
    }

    /// The commit's day in UTC.
    static func day(_ commit: GitCommit) -> Day {
        Day(String(GitCommit.iso(seconds: commit.seconds, offsetMinutes: 0).prefix(10))) ?? .distantPast
    }
}
