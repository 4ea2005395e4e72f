import RosterCore
import RosterModel

/// The names `policy.protected` and `policy.ignore` list must each name a roster entry or a live
/// entity: a typo would otherwise protect nobody (and `--prune` delete the person meant) or
/// ignore nobody, without a word.
package enum PolicyNames {
    /// One error for each listed name that matches nothing, with its did-you-mean among the
    /// roster's and the live space's names.
    package static func check(_ roster: Roster, _ live: LiveState) -> [Diagnostic] {
        let policy = roster.policy
        guard !(policy.protectedPeople + policy.ignorePeople + policy.protectedTeams + policy.ignoreTeams).isEmpty
        else { return [] }
        let people = roster.people.map(\.name.value) + live.users.map(\.name)
        let teams = roster.teams.map(\.name.value) + live.teams.map(\.name)
        return unknown(policy.protectedPeople, "policy.protected.people", "person", among: people)
            + unknown(policy.ignorePeople, "policy.ignore.people", "person", among: people)
            + unknown(policy.protectedTeams, "policy.protected.teams", "team", among: teams)
            + unknown(policy.ignoreTeams, "policy.ignore.teams", "team", among: teams)
    }

    static func unknown(
        _ names: [Located<String>], _ key: String, _ kind: String, among candidates: [String]
    ) -> [Diagnostic] {
        guard !names.isEmpty else { return [] }
        let known = Set(candidates.map(NameKey.init))
        return names.filter { !known.contains(NameKey($0.value)) }.map { name in
            let hint = Suggestions.didYouMean(name.value, among: candidates)
            return .error(
                .policyName,
                "\(key) names \"\(name.value)\", but no \(kind) of the roster or the live space has that name"
                    + "\(hint) (nothing was sent)", at: name.location)
        }
    }
}
