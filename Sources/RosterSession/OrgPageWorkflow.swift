import RosterCore
import RosterModel
import RosterReconcile

/// `roster report site`'s work: the page of the organisation (``OrgPage``) from the roster files as
/// they stand on the day, or from a live space; each person's history and the months of the
/// organisation from git's history of the roster files when they are in a repository; and what
/// the roster dates after the day.
package struct OrgPageWorkflow: Sendable {
    var paths: [String]
    var asOf: Day

    package init(paths: [String], asOf: Day) {
        self.paths = paths
        self.asOf = asOf
    }

    /// The page: of `live` when given, else of the roster files.
    package func page(live: LiveState?) throws(SessionFailure) -> OrgPage {
        let roster = live == nil ? try LiveSession.loadRoster(paths).0 : nil
        var page: OrgPage
        if let live {
            page = OrgPage(space: live, asOf: asOf, title: live.space.name)
        } else if let roster {
            let today = HistoryPlan.present(roster.on(asOf), asOf)
            let title = roster.space.map { "space \($0.value)" } ?? "the roster"
            page = OrgPage(space: RosterSnapshot.live(today, next: today), asOf: asOf, title: title)
            page.scheduled = Self.scheduled(roster, asOf)
        } else {
            throw SessionFailure("no roster and no space to show")
        }
        // The roster files' history, when git has one; a page without it says so.
        if let account = try? LogWorkflow(paths: paths, today: asOf).entries(), !account.entries.isEmpty {
            OrgPageHistory.add(account.entries, to: &page)
        }
        return page
    }

    /// What `roster` dates after `day`, each change of each day as an event.
    static func scheduled(_ roster: Roster, _ day: Day) -> [OrgPage.Dated] {
        guard roster.isDated, let plan = HistoryPlan.plan(from: roster, to: roster, on: day) else { return [] }
        return plan.scheduledDays.flatMap { day, changes in
            OrgPageHistory.events(changes).map { OrgPage.Dated(day: day, event: $0.event, name: $0.name) }
        }
    }
}
