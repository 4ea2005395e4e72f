import Dispatch
import RosterDiagnostics

/// Resolves every team's lead and members to people of the roster. Large rosters are resolved
/// on all cores: each lookup is a read of the shared index, and chunks of teams write disjoint
/// parts of the result.
struct ReferenceResolver {
    /// Each team's references, lead first, as indices into `Roster.people` (-1: unresolved).
    var resolved: [Int32]
    /// Where each team's references start in `resolved`.
    var offsets: [Int]
    var diagnostics: [Diagnostic]

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
        let starts = offsets
        let chunks = (roster.teams.count + Self.chunkSize - 1) / Self.chunkSize
        var resolved = [Int32](repeating: -1, count: total)
        var chunkDiagnostics = [[Diagnostic]](repeating: [], count: chunks)
        resolved.withUnsafeMutableBufferPointer { resolvedBuffer in
            chunkDiagnostics.withUnsafeMutableBufferPointer { diagnosticsBuffer in
                let out = DisjointWrites(buffer: resolvedBuffer)
                let diagnosticsOut = DisjointWrites(buffer: diagnosticsBuffer)
                let work: @Sendable (Int) -> Void = { chunk in
                    var suggestions = Self.suggestionsPerChunk
                    let end = min(roster.teams.count, (chunk + 1) * Self.chunkSize)
                    for t in (chunk * Self.chunkSize)..<end {
                        let team = roster.teams[t]
                        for r in -1..<team.members.count {
                            let reference = r < 0 ? team.lead : team.members[r]
                            let role = r < 0 ? "as lead of" : "in members of"
                            if let person = Self.resolve(
                                reference, role: role, team: team.name.value, index: index, roster: roster,
                                suggestions: &suggestions, diagnostics: &diagnosticsOut.buffer[chunk])
                            {
                                out.buffer[starts[t] + r + 1] = Int32(person)
                            }
                        }
                    }
                }
                if chunks > 1 {
                    DispatchQueue.concurrentPerform(iterations: chunks, execute: work)
                } else if chunks == 1 {
                    work(0)
                }
            }
        }
        self.resolved = resolved
        self.offsets = offsets
        self.diagnostics = chunkDiagnostics.flatMap { $0 }
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
                    "\"\(reference.value.name)\" \(role) team \"\(team)\" is ambiguous: people #\(ids.map(String.init).joined(separator: ", #")) share that name; write \(spelled)",
                    at: reference.location,
                    notes: candidates.map {
                        DiagnosticNote(location: roster.people[$0].name.location, message: "candidate defined here")
                    }))
        case .former(let person):
            let current = roster.people[person].name
            diagnostics.append(
                .error(
                    "unknown person \"\(reference.value.text)\" \(role) team \"\(team)\"; \"\(reference.value.name)\" is a former name of \"\(current.value)\"",
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

/// A buffer that concurrent workers write at disjoint indices only (each chunk its own teams'
/// slots and its own diagnostics slot), which is what makes sharing it safe.
private struct DisjointWrites<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>
}
