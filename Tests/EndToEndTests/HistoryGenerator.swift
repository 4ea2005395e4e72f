import Foundation
import RosterModel
import RosterTestSupport

/// A roster's history written into a git repository commit by commit, with the truth of what each
/// commit did (issue 68): people joining, leaving, moving, promoted and renamed, teams renamed,
/// leaves and promotions dated ahead (told when decided and on their day, then folded away as
/// `pull` would), branches merged as one commit, a namesake hired, reformatting only, the roster
/// split into a folder and later turned into JSON. Seeded: the same seed writes the same history.
final class HistoryGenerator {
    struct Person {
        var name: String
        var id: Int?
        var craft: String
        var level: Int
        var focus: String
        var since: String?
        var team: Int?
        var previously: [String] = []
        var lastDay: Day?
        var dated: (on: Day, level: Int)?
        var gone = false
        /// A namesake or the person they share a name with: no events, for simple references.
        var quiet = false
    }

    struct Team {
        var name: String
        var previously: [String] = []
        var lead: Int
        /// Its members besides the lead, as of now; `pending`: from a day on.
        var members: [Int]
        var pending: (on: Day, members: [Int])?
    }

    /// A commit on the first-parent line, and what it did.
    struct Truth {
        var subject: String
        var day: Day
        /// Each person's kinds (`joins`, `moves`, …) by the name the commit leaves them with.
        var people: [String: [String]] = [:]
        /// The teams it renamed, by new name.
        var renamedTeams: [String] = []
        /// What it dated ahead: (day, name, kind).
        var decided: [(day: Day, name: String, kind: String)] = []
        var merged = 0
    }

    enum Layout { case file, folder, json }

    static let levels = ["Junior", "Mid", "Senior", "Staff", "Principal"]
    static let crafts = ["Engineering", "Design", "ProductManagement", "DataScience"]
    static let focuses = ["Frontend", "Backend", "Fullstack", "Mobile", "Infrastructure", "NotApplicable"]

    let repo: URL
    var rng: SplitMix64
    var people: [Person] = []
    var teams: [Team] = []
    var truths: [Truth] = []
    var day: Day
    var layout = Layout.file
    var nextName = 0
    var nextTeam = 0
    var commits = 0

    init(repo: URL, seed: UInt64, start: Day) {
        self.repo = repo
        rng = SplitMix64(seed: seed)
        day = start
    }

    // MARK: names

    /// A new unique name: first and last names with accents, in a fixed shuffled order.
    func newName() -> String {
        let first = CompanySpace.firstNames, last = CompanySpace.lastNames
        defer { nextName += 1 }
        let combinations = first.count * last.count
        let n = (nextName * 7919) % combinations
        // Past every first and last name pair, a middle initial keeps names unique.
        let round = nextName / combinations
        let middle = round == 0 ? "" : " " + String(UnicodeScalar(UInt8(65 + (round - 1) % 26))) + "."
        return "\(first[n % first.count])\(middle) \(last[n / first.count])"
    }

    func newTeamName() -> String {
        defer { nextTeam += 1 }
        let names = CompanySpace.teamNames
        return names[nextTeam % names.count] + (nextTeam < names.count ? "" : " \(nextTeam / names.count + 1)")
    }

    /// How a team refers to person `p`: the name, with the pinned id where the name repeats.
    func reference(_ p: Int) -> String {
        let person = people[p]
        let repeated = people.indices.contains { $0 != p && !people[$0].gone && people[$0].name == person.name }
        return repeated ? "\(person.name) (#\(person.id ?? 0))" : person.name
    }

    // MARK: the company at its start

    /// `count` people pinned by id (an export), in teams of about twelve; a few in no team.
    func start(people count: Int) {
        for i in 0..<count {
            people.append(
                Person(
                    name: newName(), id: 100 + i, craft: Self.crafts.randomElement(using: &rng) ?? "Design",
                    level: Int.random(in: 0..<4, using: &rng), focus: Self.focuses.randomElement(using: &rng) ?? "",
                    since: Bool.random(using: &rng) ? "2025-0\(Int.random(in: 1...9, using: &rng))-15" : nil))
        }
        var pool = Array(people.indices).shuffled(using: &rng)
        pool.removeLast(count / 20)
        while pool.count >= 4 {
            let size = min(pool.count, Int.random(in: 9...15, using: &rng))
            let members = Array(pool.prefix(size))
            pool.removeFirst(size)
            teams.append(Team(name: newTeamName(), lead: members[0], members: Array(members.dropFirst())))
            for p in members { people[p].team = teams.count - 1 }
        }
        var truth = Truth(subject: "c0 the company", day: day)
        for person in people { truth.people[person.name] = ["joins"] }
        commit(truth)
    }
}

extension HistoryGenerator {
    /// The whole history: the company of `people`, then `count` more commits on main, a few days apart.
    func run(commits count: Int, people: Int = 220) {
        start(people: people)
        let split = count * 2 / 5, json = count * 3 / 4, reformat = count / 3, namesakeAt = count / 2
        for k in 1..<count {
            day = day.adding(days: Int.random(in: 2...4, using: &rng))
            fold(through: day)
            var truth = Truth(subject: "c\(k)", day: day)
            var touched: Set<Int> = []
            var style = 0
            switch k {
            case split: (layout, truth.subject) = (.folder, "c\(k) the roster split into a folder")
            case json: (layout, truth.subject) = (.json, "c\(k) the roster turned into JSON")
            case reformat: (style, truth.subject) = (1, "c\(k) reformatted only")
            case namesakeAt: namesake(&truth, &touched)
            case _ where k % 7 == 3:
                merge(k)
                continue
            default: events(&truth, &touched)
            }
            commit(truth, style: style)
        }
    }

    func events(_ truth: inout Truth, _ touched: inout Set<Int>) {
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            event(Event.allCases.randomElement(using: &rng) ?? .join, &truth, &touched)
        }
    }

    /// A branch of two commits, merged with a merge commit: one entry of the first-parent history.
    func merge(_ k: Int) {
        git(["checkout", "-q", "-b", "branch-\(k)"])
        var truth = Truth(subject: "c\(k) merge branch-\(k)", day: day, merged: 2)
        var touched: Set<Int> = []
        for j in 0..<2 {
            var step = Truth(subject: "c\(k).\(j) on a branch", day: day)
            events(&step, &touched)
            truth.people.merge(step.people) { $1 }
            truth.renamedTeams += step.renamedTeams
            truth.decided += step.decided
            commit(step, record: false)
            day = day.adding(days: 1)
        }
        git(["checkout", "-q", "main"])
        // A team renamed twice on the branch is renamed once, to its last name.
        truth.renamedTeams.removeAll { name in !teams.contains { $0.name == name } }
        truth.day = day
        git(["merge", "-q", "--no-ff", "branch-\(k)", "-m", truth.subject])
        truths.append(truth)
    }
}
