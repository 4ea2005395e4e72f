import RosterCore
import RosterModel
import RosterReconcile

/// `roster log`: the roster's history in people's words, each event told once — at the commit
/// that brought it to the branch (a merge: one entry, its commits' subjects beside it), a dated
/// change when a commit decided it and again on its day, as taking effect — then a summary per
/// quarter of exactly those events, and who is in no team now. `--person` and `--team` keep one
/// person's or one team's story, across renames; `--since` and `--until` a period.
package enum LogRenderer {
    /// Where an entry comes from: a commit, or a day on which what commits dated took effect.
    package enum Source: Sendable {
        case commit(Commit)
        /// The commits that decided the day's changes.
        case day(decidedIn: [String])
    }

    /// A commit that changed the roster.
    package struct Commit: Sendable {
        var id: String
        /// `YYYY-MM-DDTHH:MM:SS±HH:MM`, as its author made it.
        var date: String
        var author: String
        var subject: String
        /// What a merge brought: each commit and its subject, newest first.
        var merged: [(id: String, subject: String)]

        package init(id: String, date: String, author: String, subject: String, merged: [(id: String, subject: String)])
        {
            (self.id, self.date, self.author, self.subject, self.merged) = (id, date, author, subject, merged)
        }
    }

    /// What one day of changes holds once a filter kept it.
    struct Told: Sendable {
        var stories: [PersonStory] = []
        var rest: [Change] = []
        var isEmpty: Bool { stories.isEmpty && rest.isEmpty }
    }

    /// An entry of the history and what it told.
    package struct Entry: Sendable {
        /// The commit's day in UTC, or the day dated changes took effect.
        var day: Day
        var source: Source
        /// Its changes (a commit's: those of its day; its `scheduled`: what it decided for later).
        var plan: Plan
        var told = Told()
        /// What a commit decided for later days, each day as the filter kept it.
        var decided: [(day: Day, told: Told)] = []

        package init(day: Day, source: Source, plan: Plan) {
            (self.day, self.source, self.plan) = (day, source, plan)
        }
    }

    /// What to keep: one person's story, one team's, a period, or everything.
    package struct Filter: Sendable {
        package var person: String?
        package var team: String?
        var since: Day?
        var until: Day?

        package init(person: String? = nil, team: String? = nil, since: Day? = nil, until: Day? = nil) {
            (self.person, self.team, self.since, self.until) = (person, team, since, until)
        }
    }

    /// The entries of the period with what the filter keeps of them; entries left with nothing are
    /// left out.
    package static func kept(_ entries: [Entry], _ filter: Filter) -> [Entry] {
        let match = Match(filter, entries)
        return entries.compactMap { entry in
            guard filter.since.map({ entry.day >= $0 }) ?? true, filter.until.map({ entry.day <= $0 }) ?? true else {
                return nil
            }
            var entry = entry
            entry.told = match.told(entry.plan.changes)
            entry.decided = entry.plan.scheduledDays.map { ($0.day, match.told($0.changes)) }.filter {
                !$0.told.isEmpty
            }
            return entry.told.isEmpty && entry.decided.isEmpty ? nil : entry
        }
    }

    /// Every name a person or team has anywhere in the history, for a did-you-mean.
    package static func names(_ entries: [Entry]) -> (people: [String], teams: [String]) {
        var people: [String] = [], teams: [String] = []
        for change in entries.flatMap({ $0.plan.changes + $0.plan.scheduled.map(\.change) }) {
            let names = [change.name] + Match.renames(change.updates)
            switch change.kind {
            case .person: people += names
            case .team: teams += names
            default: break
            }
        }
        return (Array(Set(people)).sorted(), Array(Set(teams)).sorted())
    }
}
