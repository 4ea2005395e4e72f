import RosterCore

/// Resolves every team's lead and members to people of the roster, in one pass over the
/// teams. "Did you mean" is offered for the first unknown references (each scans every name),
/// whatever the roster's size.
struct ReferenceResolver {
    /// Each team's references, lead first, as indices into `Roster.people` (-1: unresolved).
    var resolved: [Int32] = []
    /// Where each team's references start in `resolved`.
    var offsets: [Int] = []
    var diagnostics: [Diagnostic] = []

    /// Unknown references that get a "did you mean".
    static let suggestions = 50

    init(_ roster: Roster, _ index: PersonIndex) {
        offsets.reserveCapacity(roster.teams.count + 1)
        var suggestions = Self.suggestions
        for team in roster.teams {
            offsets.append(resolved.count)
            for r in -1..<team.members.count {
                let reference = r < 0 ? team.lead : team.members[r]
                let role = r < 0 ? "as lead of" : "in members of"
                let person = Self.resolve(
                    reference, role: role, team: team.name.value, index: index, roster: roster,
                    suggestions: &suggestions, diagnostics: &diagnostics)
                resolved.append(person.map(Int32.init) ?? -1)
            }
        }
        offsets.append(resolved.count)
    }

    private static func resolve(
        _ reference: Located<PersonReference>, role: String, team: String, index: PersonIndex, roster: Roster,
        suggestions: inout Int, diagnostics: inout [Diagnostic]
    ) -> Int? {
        switch index.resolve(reference.value) {
        case .found(let person):
            return person
        case .ambiguous(let candidates) where candidates.contains(where: { roster.people[$0].id == nil }):
            // The names repeat without pins: that is already a "duplicate person" error.
            return candidates[0]
        case .ambiguous(let candidates):
            let ids = candidates.compactMap { roster.people[$0].id?.value }
            let spelled = ids.map { "\"\(reference.value.name) (#\($0))\"" }.joined(separator: " or ")
            diagnostics.append(
                .error(
                    .ambiguousReference,
                    "\"\(reference.value.name)\" \(role) team \"\(team)\" is ambiguous: people "
                        + "#\(ids.map(String.init).joined(separator: ", #")) share that name; write \(spelled)",
                    at: reference.location,
                    notes: candidates.map {
                        DiagnosticNote(location: roster.people[$0].name.location, message: "candidate defined here")
                    }))
        case .former(let person):
            let current = roster.people[person].name
            diagnostics.append(
                .error(
                    .formerName,
                    "unknown person \"\(reference.value.text)\" \(role) team \"\(team)\"; "
                        + "\"\(reference.value.name)\" is a former name of \"\(current.value)\"",
                    at: reference.location,
                    notes: [DiagnosticNote(location: current.location, message: "\"\(current.value)\" defined here")]))
        case .notFound:
            var message = "unknown person \"\(reference.value.text)\" \(role) team \"\(team)\""
            if suggestions > 0, let suggestion = index.suggestion(for: reference.value) {
                message += "; did you mean \"\(suggestion)\"?"
            }
            suggestions -= 1
            diagnostics.append(.error(.unknownPerson, message, at: reference.location))
        }
        return nil
    }
}
