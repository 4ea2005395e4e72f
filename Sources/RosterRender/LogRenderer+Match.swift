import RosterCore
import RosterModel
import RosterReconcile

extension LogRenderer {
    /// What a filter keeps of a day's changes: the people's stories and the team and level
    /// changes, of one person (by any name they had) or one team (by any name it had), or all.
    struct Match: Sendable {
        var people: Set<NameKey>?
        var teams: Set<NameKey>?

        init(_ filter: Filter, _ entries: [Entry]) {
            let changes = entries.flatMap { $0.plan.changes + $0.plan.scheduled.map(\.change) }
            people = filter.person.map { Self.linked($0, changes.filter { $0.kind == .person }) }
            teams = filter.team.map { Self.linked($0, changes.filter { $0.kind == .team }) }
        }

        /// What of `changes` the filter keeps.
        func told(_ changes: [Change]) -> Told {
            let stories = PeopleView(changes: changes).stories.filter(keeps)
            let rest =
                people != nil
                ? []
                : PlanRenderer.ordered(changes).filter { change in
                    guard change.kind != .person, PeopleText.remainder(change) != nil else { return false }
                    guard let teams else { return true }
                    return change.kind == .team && names(change).contains(where: teams.contains)
                }
            return Told(stories: stories, rest: rest)
        }

        func keeps(_ story: PersonStory) -> Bool {
            if let people {
                let names = [NameKey(story.name)] + Self.renames(story.updates).map(NameKey.init)
                guard names.contains(where: people.contains) else { return false }
            }
            guard let teams else { return true }
            return (story.from + story.to).contains { teams.contains(NameKey($0.team)) }
        }

        func names(_ change: Change) -> [NameKey] {
            [NameKey(change.name)] + Self.renames(change.updates).map(NameKey.init)
        }

        /// `name` and every name linked to it by a rename anywhere in the history.
        static func linked(_ name: String, _ changes: [Change]) -> Set<NameKey> {
            var known: Set<NameKey> = [NameKey(name)]
            let pairs = changes.map { renames($0.updates).map(NameKey.init) }.filter { $0.count == 2 }
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

        /// The names of a rename among `updates`: from, then to.
        static func renames(_ updates: [FieldChange]) -> [String] {
            for case .name(let from, let to) in updates { return [from, to] }
            return []
        }
    }
}
