import RosterCore
import RosterModel
import RosterReconcile

/// Pull never writes policy: under the one-team rule, someone the space has in several teams is
/// written in one of them, said by name, and `roster plan` takes them out of the others.
extension PullDecisions {
    /// Gives each live person in several teams their one team: the team they lead, else the team
    /// the files have them in, else the first of theirs in the files' order (then the oldest).
    mutating func placeInOneTeam() {
        guard roster.policy.oneTeamPerPerson else { return }
        let several = LiveEntries.peopleInSeveralTeams(live, ignoredTeams: matching.ignoredTeams)
        guard !several.isEmpty else { return }
        let people = TeamPeople.of(roster)
        var order: [Int: Int] = [:]
        for (t, match) in matching.teams.enumerated() { if let match { order[match.id] = t } }
        for (id, liveTeams) in several {
            let led = liveTeams.filter { teams[$0]?.leadID == id }
            let listed = rosterIndex[id].flatMap { p in
                roster.teams.indices.first { t in
                    (people.lead(ofTeam: t) == p || people.members(ofTeam: t).contains(Int32(p)))
                        && matching.teams[t].map { liveTeams.contains($0.id) } == true
                }
            }
            let first = liveTeams.min { (order[$0] ?? Int.max, $0) < (order[$1] ?? Int.max, $1) }
            homes[id] = led.first ?? listed.flatMap { matching.teams[$0]?.id } ?? first
        }
        warnings.append(severalTeamsWarning(several))
    }

    /// `2 people are in more than one team in the space: … ; the roster keeps the one-team rule, so
    /// pull writes each in one team (Chris Khan in Checkout) …`.
    func severalTeamsWarning(_ several: [(person: Int, teams: [Int])]) -> Diagnostic {
        let names = Dictionary(live.teams.map { ($0.id, LiveEntries.name($0.name)) }) { first, _ in first }
        let kept = several.compactMap { person, _ in
            homes[person].flatMap { names[$0] }.map { "\(entries.reference(person)) in \($0)" }
        }
        let shown = kept.sorted().prefix(20).joined(separator: ", ") + (kept.count > 20 ? ", …" : "")
        return .warning(
            .severalTeams,
            "\(several.count) \(several.count == 1 ? "person is" : "people are") in more than one team in the space: "
                + "\(entries.severalTeams(several, live)); the roster keeps the one-team rule, so pull writes each "
                + "in one team (\(shown)) and `roster plan` takes them out of the others; to keep them in both, "
                + "set `policy.oneTeamPerPerson: false`", at: nil)
    }
}
