import Foundation
import RosterModel

/// The names a roster holds, for completing the edit commands' and selections' words: read from
/// the paths among the words typed (or the default roster), even when the roster is not valid.
package enum RosterNames {
    /// The people's and teams' names of the roster at `paths` (those that exist), in roster order.
    package static func load(paths: [String]) -> (people: [String], teams: [String]) {
        let given = paths.filter { !$0.isEmpty && FileManager.default.fileExists(atPath: $0) }
        let roster = RosterLoader().load(paths: given.isEmpty ? [RosterLoader.defaultRoster()] : given).roster
        return (roster.people.map(\.name.value), roster.teams.map(\.name.value))
    }
}
