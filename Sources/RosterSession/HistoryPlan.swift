import RosterCore
import RosterModel
import RosterReconcile

/// One step of a roster's history as a plan, with no server (`roster log`, `roster diff`,
/// `report promotions`): the newer version planned against the older taken as a space
/// (``RosterSnapshot``), both as they stand on one day, so that what the plan says happens that day
/// and what the newer version dates later is its own scheduled changes. Nothing is checked against a
/// space: an id the newer version pins that the older lacks is someone new, not an error.
enum HistoryPlan {
    /// `newer` against `older` on `day` (nil older: the roster begins).
    static func plan(from older: Roster?, to newer: Roster, on day: Day) -> Plan? {
        let before = older.map { present($0.on(day), day) } ?? Roster()
        let live = RosterSnapshot.live(before, next: newer)
        return Planner.plan(roster: newer, live: live, prune: true, asOf: day, pins: .mayBeNew).0
    }

    /// The entries of `roster` (a state of one day) that are in the space that day.
    static func present(_ roster: Roster, _ day: Day) -> Roster {
        guard roster.isDated else { return roster }
        var state = roster
        state.people = roster.people.filter { $0.presence.status(on: day) == .present }
        state.teams = roster.teams.filter { $0.presence.status(on: day) == .present }
        return state
    }
}
