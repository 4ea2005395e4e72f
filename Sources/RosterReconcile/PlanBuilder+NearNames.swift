import Foundation
import RosterCore
import RosterModel

extension PlanBuilder {
    /// Warns of each person to create whose name is an unlisted live person's apart from case,
    /// accents or white space (`alice chen` beside the live `Alice Chen`): the plan would make a
    /// second person, and `--prune` would then delete the first.
    mutating func noteNearNames() {
        let creates = roster.people.indices.filter { matching.people[$0] == nil }
        guard !creates.isEmpty, !matching.unclaimedUsers.isEmpty else { return }
        var live: [String: [LiveUser]] = [:]
        for user in matching.unclaimedUsers { live[Self.looseKey(user.key.value), default: []].append(user) }
        for index in creates {
            let person = roster.people[index]
            guard let near = live[Self.looseKey(person.key.value)]?.first else { continue }
            warnings.append(.nearName(person: person.name.value, live: near.name, id: near.id))
        }
    }

    /// Warns of each person to create who has every field of an unlisted live person but the
    /// name (the first such live person, once each): a rename written without `previously:`
    /// would delete the person under `--prune` and create a new one, losing their history.
    mutating func noteUndeclaredRenames() {
        let creates = roster.people.indices.filter { matching.people[$0] == nil }
        guard !creates.isEmpty, !matching.unclaimedUsers.isEmpty else { return }
        var taken = Set<Int>()
        for index in creates {
            let person = roster.people[index]
            let wanted = PersonValues.planned(person, over: nil)
            let near = matching.unclaimedUsers.first { user in
                guard !taken.contains(user.id), user.key != person.key else { return false }
                let live = PersonValues(user)
                // A date the roster leaves alone matches any.
                let sameDate: Bool =
                    if case .unmanaged = person.levelStartDate { true } else {
                        live.levelStartDate == wanted.levelStartDate
                    }
                return live.craft == wanted.craft && live.level == wanted.level && live.focus == wanted.focus
                    && sameDate
            }
            guard let near, Self.looseKey(near.key.value) != Self.looseKey(person.key.value) else { continue }
            taken.insert(near.id)
            warnings.append(
                .looksLikeRename(
                    person: person.name.value, live: near.name, id: near.id,
                    deleted: prune && !isProtected(person: near)))
        }
    }

    /// A name without case, accents or white space.
    static func looseKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars
            .filter { !$0.properties.isWhitespace }.map(String.init).joined()
    }
}
