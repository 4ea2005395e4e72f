import Testing

@testable import RosterCore
@testable import RosterModel

/// Team references of thousands of teams, resolved in one pass: each reference to the right
/// person, the unknown ones reported in the teams' order.
@Suite struct ReferenceResolverTests {
    @Test func aLargeRosterResolvesInOnePass() {
        let chunk = 2048
        let teams = 3 * chunk + 17
        let at = SourceLocation(file: "roster.yaml", line: 1, column: 1)
        var roster = Roster()
        for i in 0..<(2 * teams) {
            roster.people.append(
                PersonEntry(
                    name: Located("Person \(i)", at: at), craft: .engineering, level: .mid, focus: .notApplicable,
                    levelStartDate: .unmanaged, location: at))
        }
        let unknown: Set<Int> = [3, chunk + 1, teams - 1]
        for t in 0..<teams {
            let member = unknown.contains(t) ? "Nobody \(t)" : "Person \(teams + t)"
            let line = SourceLocation(file: "roster.yaml", line: t + 2, column: 3)
            roster.teams.append(
                TeamEntry(
                    name: Located("Team \(t)", at: line),
                    lead: Located(PersonReference(parsing: "Person \(t)"), at: line),
                    members: [Located(PersonReference(parsing: member), at: line)], location: line))
        }
        let resolver = ReferenceResolver(roster, PersonIndex(roster.people))
        #expect(resolver.offsets.count == teams + 1)
        for t in 0..<teams {
            let start = resolver.offsets[t]
            #expect(resolver.resolved[start] == Int32(t), "lead of team \(t)")
            #expect(
                resolver.resolved[start + 1] == (unknown.contains(t) ? -1 : Int32(teams + t)), "member of team \(t)")
        }
        let lines = resolver.diagnostics.compactMap { $0.location?.line }
        #expect(lines == unknown.sorted().map { $0 + 2 }, "\(resolver.diagnostics.map(\.message))")
    }
}
