import RosterModel
import RosterReconcile

extension LogWorkflow {
    /// The last level event git's history records for each person up to `to` (a promotion or other
    /// level change with its levels, a hire, a corrected level start date), on the day it took
    /// effect, under the name they have at the end (renames followed; a person who left is
    /// dropped): what tells `report promotions` a promotion from a hire, and dates people whose
    /// entries state no level start date. A corrected date from `from` on keeps the promotion or
    /// hire it corrects when that came from `from` on too.
    /// Nil when git holds no history of the roster.
    package func levelEvents(from: Day, to: Day) throws(SessionFailure) -> [NameKey: PromotionReport.Recorded]? {
        let entries = try entries().entries
        guard !entries.isEmpty else { return nil }
        var found: [NameKey: PromotionReport.Recorded] = [:]
        for entry in entries where entry.day <= to {
            let commit = String((entry.commit?.commit ?? entry.decidedIn.first ?? "").prefix(12))
            for story in PeopleView(entry.plan).stories {
                var name = NameKey(story.name)
                for case .name(let old, let new) in story.updates {
                    name = NameKey(new)
                    if let moved = found.removeValue(forKey: NameKey(old)) { found[name] = moved }
                }
                if story.leavesSpace { found[name] = nil }
                if let event = Self.levelEvent(story),
                    event.event != .corrected || (found[name].map { $0.day < from } ?? true)
                {
                    found[name] = PromotionReport.Recorded(
                        event: event.event, level: event.level, day: entry.day, commit: commit)
                }
            }
        }
        return found
    }

    /// What a story does to a person's level, if anything.
    static func levelEvent(_ story: PersonStory) -> (event: PromotionReport.Event, level: JobLevel?)? {
        if story.joinsSpace {
            guard let level = story.created[.level]?.stringValue.flatMap(JobLevel.init(rawValue:)) else { return nil }
            return (.hired, level)
        }
        if let level = story.level {
            return (level.to > level.from ? .promoted(from: level.from) : .levelChanged(from: level.from), level.to)
        }
        return story.updates.contains { $0.field == .levelStartDate } ? (.corrected, nil) : nil
    }
}
