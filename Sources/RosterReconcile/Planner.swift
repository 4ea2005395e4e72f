import RosterCore
import RosterModel

/// Turns a roster and the live state into a ``Plan``. Pure and deterministic: the same inputs
/// give the same plan, byte for byte once rendered.
package enum Planner {
    /// Plans the changes; diagnostics (ambiguous matches, pins of unknown ids) mean no plan. What
    /// the roster dates after `asOf` is scheduled, not planned; without it, every change is due.
    package static func plan(
        roster: Roster, live: LiveState, prune: Bool, endpoint: String? = nil, asOf: Day? = nil,
        pins: Matching.Pins = .inTheSpace
    ) -> (Plan?, [Diagnostic]) {
        // The roster as it stands on the plan's day; what it dates later is scheduled. Most rosters
        // date nothing, and cost one look at each entry.
        let dated = roster.isDated ? roster : nil
        let roster = dated?.on(asOf) ?? roster
        let matching = Matching(roster: roster, live: live, asOf: asOf, pins: pins)
        let diagnostics = matching.diagnostics + ServerNeeds.check(roster, live)
        guard diagnostics.isEmpty else { return (nil, diagnostics.sortedForDisplay()) }
        var builder = PlanBuilder(
            roster: roster, live: live, matching: matching, prune: roster.prunes(asked: prune), asOf: asOf)
        builder.build()
        if let dated {
            builder.scheduleDated(dated)
            builder.noteScheduledDeletes()
        }
        let plan = Plan(
            endpoint: endpoint, space: live.space, changes: builder.changes, steps: builder.steps,
            warnings: builder.warnings, deletes: builder.deleteCounts(), live: live,
            ignoredUsers: matching.ignoredUsers, ignoredTeams: matching.ignoredTeams,
            matchedPeople: matching.people.map { $0?.id }, matchedTeams: matching.teams.map { $0?.id },
            managesAccess: roster.access != nil, keepsOneTeamRule: roster.policy.oneTeamPerPerson,
            scheduled: builder.scheduled.sorted { ($0.on, $0.change.name) < ($1.on, $1.change.name) }, asOf: asOf)
        return (plan, [])
    }
}
