import RosterCore
import RosterModel

/// Something the reader of a plan must know: a step that breaks the one-team rule, a safety
/// rail the plan exceeds, or an anomaly of the live data. Typed, so that code and tests read
/// what it is about; the renderers show its ``message``.
package enum PlanWarning: Sendable, Equatable {
    /// `person` joins team `to` in step `step` while still in team `from` until step `until`: the
    /// teams exchange people in a cycle and `from` has nobody who stays to lead it.
    case oneTeamBroken(person: String, from: String, to: String, step: Int, until: Int)
    /// A person prune would delete leads a team the roster does not manage.
    case leadOfUnmanagedTeam(person: String, id: Int, team: String)
    /// A person joins a team but stays in one the roster does not manage.
    case staysInUnmanagedTeam(person: String, joins: String, stays: String)
    /// A live person is in several teams.
    case inSeveralTeams(person: String, id: Int, teams: [String])
    /// A live team lists a member more than once.
    case memberRepeated(team: String, id: Int, member: String, times: Int)
    /// A live team's lead is not among its members.
    case leadNotAMember(team: String, id: Int, lead: String)
    /// The plan's deletes of one kind pass `policy.maxDeletes`.
    case tooManyDeletes(DeleteCount, limit: DeleteLimit)
    /// The deletes the roster dates for one day pass `policy.maxDeletes`: reviewed here, the
    /// scheduled job applies them on their day without asking again.
    case scheduledDeletes(day: Day, DeleteCount, limit: DeleteLimit)
    /// A person to create has an unlisted live person's name apart from case, accents or white
    /// space.
    case nearName(person: String, live: String, id: Int)
    /// A person to create and a live person the roster does not list (left alone, or deleted
    /// under prune) have the same craft, level, focus and level start date: most likely a rename
    /// that lacks its `previously:`.
    case looksLikeRename(person: String, live: String, id: Int, deleted: Bool)
    /// A person's level changes and their level start date stays: the levels report would count
    /// the new level from the old date.
    case levelWithoutDate(person: String, id: Int, from: JobLevel, to: JobLevel, date: String?)
    /// A change `apply --reviewed` holds back: the facts of it no reviewed plan holds, or (reviewed
    /// itself) the change it needs that is held back.
    case notReviewed(String, facts: [String], needs: String?)
    /// A person the selection did not name moves with it, because a team it changes needs them:
    /// a new team names them (`lead: false`), or a team needs them as its lead.
    case comesAlong(person: String, team: String, lead: Bool)

    /// The 1-based step the warning is about, if any.
    package var step: Int? {
        if case .oneTeamBroken(_, _, _, let step, _) = self { return step }
        return nil
    }

    /// How a warning names a change's entity: `person "David Kim" (#4)`.
    static func subject(_ change: Change) -> String {
        "\(change.kind.rawValue) \"\(TerminalText.escape(change.name))\"" + (change.id.map { " (#\($0))" } ?? "")
    }

    package var message: String {
        switch self {
        case let .oneTeamBroken(person, from, to, step, until):
            return
                "\(person) joins team \"\(to)\" in step \(step) while still in team \"\(from)\" until step \(until): "
                + "the teams exchange people in a cycle and \"\(from)\" has nobody who stays to lead it in between"
        case let .leadOfUnmanagedTeam(person, id, team):
            return "\(person) (#\(id)) is not deleted: they lead team \"\(team)\", which the roster does not manage"
        case let .staysInUnmanagedTeam(person, joins, stays):
            return "\(person) joins team \"\(joins)\" but stays in team \"\(stays)\", which the roster does not manage"
        case let .inSeveralTeams(person, id, teams):
            return "live user \(person) (#\(id)) is in \(teams.count) teams: "
                + teams.map { "\"\($0)\"" }.joined(separator: ", ")
        case let .memberRepeated(team, id, member, times):
            return "live team \"\(team)\" (#\(id)) lists \(member) \(times) times"
        case let .leadNotAMember(team, id, lead):
            return "live team \"\(team)\" (#\(id)): its lead \(lead) is not among its members"
        case let .tooManyDeletes(count, limit):
            return limit.warning(count.description)
        case let .scheduledDeletes(day, count, limit):
            return limit.scheduledWarning(on: day.description, count.description)
        case let .nearName(person, live, id):
            let (written, shown) = (TerminalText.escape(person), TerminalText.escape(live))
            return "person \"\(written)\" would be created beside the live \"\(shown)\" (#\(id)), which the roster "
                + "does not list; if they are the same person, write \"\(shown)\" or add `previously: [\"\(shown)\"]` "
                + "to the entry"
        case let .levelWithoutDate(person, id, from, to, date):
            let stays = date.map { "stays \(TerminalText.escape($0))" } ?? "stays empty"
            return
                "person \"\(TerminalText.escape(person))\" (#\(id)) goes from \(from.rawValue) to \(to.rawValue), but "
                + "levelStartDate \(stays): `roster report levels` would count \(to.rawValue) from that date; set "
                + "levelStartDate to the day the new level started"
        case let .notReviewed(subject, facts, needs):
            if let needs {
                return "\(subject) is held back: it needs \(needs), which no reviewed plan holds"
            }
            return "\(subject) is held back: no reviewed plan holds "
                + facts.prefix(5).joined(separator: "; ") + (facts.count > 5 ? "; … \(facts.count - 5) more" : "")
                + " (changed in the apps since the review? plan it in a pull request, or adopt it with `roster pull`)"
        case let .comesAlong(person, team, lead):
            let why =
                lead
                ? "team \"\(team)\" needs them as its lead"
                : "the new team \"\(team)\" names them, and nobody is in two teams"
            return "\(TerminalText.escape(person)) moves with the selection: \(TerminalText.escape(why))"
        case let .looksLikeRename(person, live, id, deleted):
            let (written, shown) = (TerminalText.escape(person), TerminalText.escape(live))
            let fate = deleted ? "would be deleted (prune), losing their history" : "is not in the roster"
            return "person \"\(written)\" would be created, and the live \"\(shown)\" (#\(id)), who has the same "
                + "craft, level, focus and level start date, \(fate): if this is a rename, add "
                + "`previously: [\"\(shown)\"]` to \"\(written)\" and the plan renames them"
        }
    }
}
