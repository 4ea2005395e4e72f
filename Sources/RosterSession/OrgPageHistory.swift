import RosterCore
import RosterModel
import RosterReconcile

/// The history `roster log` tells, laid onto an organisation page: each event on the person it
/// happened to (under the name they have now: renames followed; someone who left and a name worn
/// by two people now get none), and the months of the organisation: headcount, joiners, leavers,
/// promotions.
enum OrgPageHistory {
    /// Adds the history of `entries` (oldest first) to `page`.
    static func add(_ entries: [LogWorkflow.Entry], to page: inout OrgPage) {
        var byName: [NameKey: [OrgPage.Dated]] = [:]
        var months: [String: OrgPage.Month] = [:]
        for entry in entries {
            let month = String(entry.day.description.prefix(7))
            var counts = months[month] ?? OrgPage.Month(month: month)
            for (name, event) in events(entry.plan.changes) {
                let key = NameKey(name)
                if case .renamed(let old) = event, let earlier = byName.removeValue(forKey: NameKey(old)) {
                    byName[key] = earlier
                }
                switch event {
                case .joined: counts.joined += 1
                case .left: counts.left += 1
                case .level(let from, let to) where to > from: counts.promoted += 1
                default: break
                }
                if event == .left {
                    byName[key] = nil
                } else if event != .teamStarts && event != .teamEnds {
                    byName[key, default: []].append(OrgPage.Dated(day: entry.day, event: event, name: name))
                }
            }
            months[month] = counts
        }
        page.months = monthly(months, through: page.asOf)
        var worn: [NameKey: Int] = [:]
        for person in page.people { worn[NameKey(person.name), default: 0] += 1 }
        for p in page.people.indices where worn[NameKey(page.people[p].name)] == 1 {
            page.people[p].history = byName[NameKey(page.people[p].name)] ?? []
        }
    }

    /// Every month from the first of `counts` to `last`'s, each with the headcount at its end.
    static func monthly(_ counts: [String: OrgPage.Month], through last: Day) -> [OrgPage.Month] {
        guard let first = counts.keys.min(), var day = Day(first + "-01") else { return [] }
        var out: [OrgPage.Month] = [], headcount = 0
        while day <= last {
            let month = String(day.description.prefix(7))
            var counts = counts[month] ?? OrgPage.Month(month: month)
            headcount += counts.joined - counts.left
            counts.headcount = headcount
            out.append(counts)
            day = day.adding(months: 1)
        }
        return out
    }

    /// The events of one day's changes: each person's (by the name the changes leave them with),
    /// and each team that starts or ends.
    static func events(_ changes: [Change]) -> [(name: String, event: OrgPage.Event)] {
        var out: [(name: String, event: OrgPage.Event)] = []
        for story in PeopleView(changes: changes).stories {
            if story.joinsSpace {
                out.append((story.name, .joined(teams: story.to.map(\.team))))
                continue
            }
            if story.leavesSpace {
                out.append((story.name, .left))
                continue
            }
            for case .name(let old, _) in story.updates { out.append((story.name, .renamed(from: old))) }
            if !story.from.isEmpty || !story.to.isEmpty {
                out.append((story.name, .moved(from: story.from.map(\.team), to: story.to.map(\.team))))
            }
            if let level = story.level { out.append((story.name, .level(from: level.from, to: level.to))) }
        }
        for change in changes where change.kind == .team {
            if change.action == .create { out.append((change.name, .teamStarts)) }
            if change.action == .delete { out.append((change.name, .teamEnds)) }
        }
        return out
    }
}
