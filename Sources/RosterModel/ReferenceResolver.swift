import RosterCore

/// Resolves every team's lead and members to people of the roster. Large rosters are resolved
/// in chunks of teams on all cores (``ParallelChunks``; each lookup only reads the shared index);
/// each chunk's results are stitched together in order, so the outcome is the same as one pass.
struct ReferenceResolver {
    /// Each team's references, lead first, as indices into `Roster.people` (-1: unresolved).
    var resolved: [Int32]
    /// Where each team's references start in `resolved`.
    var offsets: [Int]
    var diagnostics: [Diagnostic] = []

    /// Teams per chunk; below two chunks' worth, one thread does it all.
    static let chunkSize = 2048
    /// Unknown references that get a "did you mean" (which scans every name) per chunk.
    static let suggestionsPerChunk = 50

    init(_ roster: Roster, _ index: PersonIndex) {
        var offsets = [Int]()
        offsets.reserveCapacity(roster.teams.count + 1)
        var total = 0
        for team in roster.teams {
            offsets.append(total)
            total += 1 + team.members.count
        }
        offsets.append(total)
        self.offsets = offsets
        let results = ParallelChunks.map(count: roster.teams.count, chunkSize: Self.chunkSize) { teams in
            Self.resolve(teams, roster: roster, index: index)
        }
        resolved = []
        resolved.reserveCapacity(total)
        for result in results {
            resolved += result.resolved
            diagnostics += result.diagnostics
        }
    }

    /// The references of `teams`, in order, and the problems found.
    private static func resolve(
        _ teams: Range<Int>, roster: Roster, index: PersonIndex
    )
        -> (resolved: [Int32], diagnostics: [Diagnostic])
    {
        var resolved: [Int32] = []
        var diagnostics: [Diagnostic] = []
        var suggestions = Self.suggestionsPerChunk
        for t in teams {
            let team = roster.teams[t]
            for r in -1..<team.members.count {
                let reference = r < 0 ? team.lead : team.members[r]
                let role = r < 0 ? "as lead of" : "in members of"
                let person = Self.resolve(
                    reference, role: role, team: team.name.value, index: index, roster: roster,
                    suggestions: &suggestions, diagnostics: &diagnostics)
                resolved.append(person.map(Int32.init) ?? -1)
            }
        }
        return (resolved, diagnostics)
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
            diagnostics.append(.error(message, at: reference.location))
        }
        return nil
    }
}
