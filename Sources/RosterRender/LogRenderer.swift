import RosterCore
import RosterModel
import RosterReconcile

/// `roster log`: the roster's history in people's words — for each commit that changed it, who
/// joined, left, moved or was promoted (the people view of its plan against the version before),
/// then a summary per quarter. `--person` and `--team` keep one person's or one team's story,
/// across renames (`previously:`).
package enum LogRenderer {
    /// A commit and what it changed.
    package struct Entry: Sendable {
        var commit: String
        var date: String
        var author: String
        var subject: String
        var plan: Plan
        /// Its people, once the filter kept them.
        var stories: [PersonStory] = []
        /// Its changes of teams and levels, once the filter kept them.
        var rest: [Change] = []

        package init(commit: String, date: String, author: String, subject: String, plan: Plan) {
            (self.commit, self.date, self.author, self.subject, self.plan) = (commit, date, author, subject, plan)
        }
    }

    /// What to keep: one person's story, one team's, or everything.
    package struct Filter: Sendable {
        var person: String?
        var team: String?

        package init(person: String? = nil, team: String? = nil) {
            self.person = person
            self.team = team
        }
    }

    /// The entries with their stories and changes, as the filter keeps them; entries left with
    /// nothing are left out.
    package static func kept(_ entries: [Entry], _ filter: Filter) -> [Entry] {
        let people = filter.person.map { names($0, entries, renames: personRenames) }
        let teams = filter.team.map { names($0, entries, renames: teamRenames) }
        return entries.compactMap { entry in
            var entry = entry
            let view = PeopleView(entry.plan)
            entry.stories = view.stories.filter { story in
                if let people,
                    !(people.contains(NameKey(story.name)) || renamed(story).contains(where: people.contains))
                {
                    return false
                }
                guard let teams else { return true }
                return (story.from + story.to).contains { teams.contains(NameKey($0.team)) }
            }
            entry.rest =
                filter.person != nil
                ? []
                : PlanRenderer.ordered(entry.plan.changes).filter { change in
                    guard change.kind != .person else { return false }
                    guard PeopleText.remainder(change) != nil else { return false }
                    guard let teams else { return true }
                    return change.kind == .team
                        && (teams.contains(NameKey(change.name)) || teamRenames(change).contains(where: teams.contains))
                }
            return entry.stories.isEmpty && entry.rest.isEmpty ? nil : entry
        }
    }

    /// `name` and every name linked to it by a rename anywhere in the history.
    static func names(_ name: String, _ entries: [Entry], renames: (Change) -> [NameKey]) -> Set<NameKey> {
        var known: Set<NameKey> = [NameKey(name)]
        let pairs = entries.flatMap { $0.plan.changes.map(renames) }.filter { $0.count == 2 }
        var grew = true
        while grew {
            grew = false
            for pair in pairs where pair.contains(where: known.contains) && !pair.allSatisfy(known.contains) {
                known.formUnion(pair)
                grew = true
            }
        }
        return known
    }

    static func personRenames(_ change: Change) -> [NameKey] {
        change.kind == .person ? renameKeys(change.updates) : []
    }

    static func teamRenames(_ change: Change) -> [NameKey] {
        change.kind == .team ? renameKeys(change.updates) : []
    }

    static func renameKeys(_ updates: [FieldChange]) -> [NameKey] {
        for case .name(let from, let to) in updates { return [NameKey(from), NameKey(to)] }
        return []
    }

    static func renamed(_ story: PersonStory) -> [NameKey] { renameKeys(story.updates) }
}

extension LogRenderer {
    /// A commit's heading, then its people and its teams and levels, a line each; then the
    /// quarters' counts.
    package static func text(_ entries: [Entry], color: Bool) -> String {
        guard !entries.isEmpty else { return "No changes to the roster's people in this history.\n" }
        var out = ""
        for entry in entries {
            out +=
                TerminalText.escape(
                    "\(entry.commit.prefix(12))  \(entry.date.prefix(10))  \(entry.author)  \(entry.subject)") + "\n"
            out += PeopleText.lines(entry.stories.map(PeopleText.row), indent: "    ", color: color)
            out += PeopleText.lines(entry.rest.compactMap(PeopleText.remainder), indent: "    ", color: color)
            out += "\n"
        }
        out += "Summary\n"
        for (period, counts) in periods(entries) { out += "  \(period): \(words(counts))\n" }
        return out
    }

    /// Each quarter (`2026 Q3`) with how many people of each kind of change, in date order.
    static func periods(_ entries: [Entry]) -> [(String, [PersonStory.Kind: Int])] {
        var order: [String] = [], counts: [String: [PersonStory.Kind: Int]] = [:]
        for entry in entries {
            let year = entry.date.prefix(4), month = Int(entry.date.dropFirst(5).prefix(2)) ?? 1
            let period = "\(year) Q\((month - 1) / 3 + 1)"
            if counts[period] == nil { order.append(period) }
            for story in entry.stories {
                for kind in story.kinds { counts[period, default: [:]][kind, default: 0] += 1 }
            }
        }
        return order.map { ($0, counts[$0] ?? [:]) }
    }

    /// `5 joined, 3 left, 17 moved, 8 promoted` and the other kinds that occur.
    static func words(_ counts: [PersonStory.Kind: Int]) -> String {
        var parts = [
            "\(counts[.joins] ?? 0) joined", "\(counts[.leaves] ?? 0) left", "\(counts[.moves] ?? 0) moved",
            "\(counts[.promoted] ?? 0) promoted",
        ]
        if let n = counts[.leavesTeam] { parts.append("\(n) in no team now") }
        if let n = counts[.levelChanged] { parts.append("\(n) changed level") }
        if let n = counts[.other] { parts.append("\(n) otherwise changed") }
        return parts.joined(separator: ", ")
    }

    /// `{"format_version": 1, "commits": [{"commit", "date", "author", "subject", "people",
    /// "changes"}], "periods": [{"period", "joins", …}], "skipped": […]}`.
    package static func json(_ entries: [Entry], skipped: [String]) -> String {
        let commits = entries.map { entry in
            JSONValue.object([
                ("commit", .string(entry.commit)), ("date", .string(entry.date)), ("author", .string(entry.author)),
                ("subject", .string(entry.subject)), ("people", .array(entry.stories.map(PeopleViewRenderer.json))),
                ("changes", .array(entry.rest.map(PlanRenderer.changeJSON))),
            ])
        }
        let periods = periods(entries).map { period, counts in
            JSONValue.object(
                [("period", .string(period))] + PersonStory.Kind.allCases.map { ($0.key, .int(counts[$0] ?? 0)) })
        }
        return JSONEnvelope.wrap([
            ("commits", .array(commits)), ("periods", .array(periods)),
            ("skipped", .array(skipped.map(JSONValue.string))),
        ]).rendered(indent: 2) + "\n"
    }
}
