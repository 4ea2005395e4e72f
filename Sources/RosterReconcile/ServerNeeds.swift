import RosterCore
import RosterModel

/// What a roster needs of the server that an older MPS lacks: each entry that uses a missing
/// feature is an error, so nothing is planned that the server would refuse. A roster that uses
/// none of it plans and applies as usual.
enum ServerNeeds {
    static func check(_ roster: Roster, _ live: LiveState) -> [Diagnostic] {
        guard !live.lacking.isEmpty else { return [] }
        var out: [Diagnostic] = []
        // Each person field whose row needs a feature the server lacks, stated by an entry.
        for field in PersonField.all {
            guard let feature = field.row.feature, live.lacking.contains(feature) else { continue }
            for person in roster.people where person.stated(field) != .unmanaged {
                out.append(
                    missing(feature, "person \"\(person.name.value)\" sets \(field.key.rawValue)", person.location))
            }
        }
        if live.lacking.contains(.levelLimits) {
            for level in roster.levels {
                out.append(missing(.levelLimits, "levels sets a limit for \(level.level.rawValue)", level.location))
            }
        }
        if live.lacking.contains(.access), let access = roster.access {
            out.append(missing(.access, "the roster manages access", access.location))
        }
        return out
    }

    static func missing(_ feature: ServerFeature, _ what: String, _ location: SourceLocation?) -> Diagnostic {
        .error(
            .serverLacks,
            "\(what), but this MPS has no \(feature.description) (it is older than roster); remove it to plan "
                + "against this server", at: location)
    }
}
