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

    /// A name without case, accents or white space.
    static func looseKey(_ name: String) -> String {
        name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).unicodeScalars
            .filter { !$0.properties.isWhitespace }.map(String.init).joined()
    }
}
