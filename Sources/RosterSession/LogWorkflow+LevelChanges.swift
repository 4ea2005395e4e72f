import RosterModel
import RosterReconcile

extension LogWorkflow {
    /// The last level change git records for each person from `from` to `to` (the commits' author
    /// days), under the name they have at the end (renames followed; a person who left is dropped):
    /// the days `report promotions` gives people whose entries state no level start date.
    package func levelChanges(from: Day, to: Day) throws(SessionFailure) -> [NameKey: PromotionReport.Committed] {
        var found: [NameKey: PromotionReport.Committed] = [:]
        for entry in try entries().entries {
            guard let day = Day(String(entry.commit.date.prefix(10))), day <= to else { continue }
            for story in PeopleView(entry.plan).stories {
                var name = NameKey(story.name)
                for case .name(let old, let new) in story.updates {
                    name = NameKey(new)
                    if let moved = found.removeValue(forKey: NameKey(old)) { found[name] = moved }
                }
                if story.leavesSpace { found[name] = nil }
                guard day >= from, !story.joinsSpace, let level = story.level else { continue }
                found[name] = PromotionReport.Committed(
                    level: level.to, day: day, commit: String(entry.commit.commit.prefix(12)))
            }
        }
        return found
    }
}
