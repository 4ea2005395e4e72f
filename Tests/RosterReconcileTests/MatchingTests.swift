import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// How roster entries find their live entities: a pinned id, then the name, then a former name;
/// a plan refuses what it cannot match surely, a pull adopts the space as it is.
@Suite struct MatchingTests {
    static let at = SourceLocation(file: "roster.yaml", line: 4, column: 5)

    static func person(_ name: String, id: Int? = nil, previously: [String] = []) -> PersonEntry {
        PersonEntry(
            name: Located(name, at: at), id: id.map { Located($0, at: at) }, craft: .design, level: .mid,
            focus: .notApplicable, levelStartDate: .unmanaged, previously: previously.map { Located($0, at: at) },
            location: at)
    }

    static func live(_ users: [(Int, String)]) -> LiveState {
        LiveState(
            space: LiveSpace(id: "u", name: "U", isOwner: true),
            users: users.map {
                LiveUser(id: $0.0, name: $0.1, craft: .design, level: .mid, focus: .mobile, levelStartDate: nil)
            },
            teams: [], levels: [])
    }

    @Test func idThenNameThenFormerName() {
        var roster = Roster()
        roster.people = [
            Self.person("Ana", id: 3), Self.person("Ben"), Self.person("Cy Lee", previously: ["Cy Li"]),
            Self.person("New"),
        ]
        let matching = Matching(
            roster: roster, live: Self.live([(3, "Ana Lima"), (4, "Ben"), (5, "Cy Li"), (6, "Old")]), asOf: nil)
        #expect(matching.diagnostics.isEmpty)
        #expect(matching.people.map { $0?.id } == [3, 4, 5, nil])
        #expect(matching.people.map { $0?.via } == [.id, .name, .previously, nil])
        #expect(matching.unclaimedUsers.map(\.id) == [6])
    }

    @Test func aPlanRefusesARepeatedNameAndNamesTheLiveIDs() {
        var roster = Roster()
        roster.people = [Self.person("Sam")]
        let matching = Matching(roster: roster, live: Self.live([(7, "Sam"), (2, "Sam")]), asOf: nil)
        #expect(matching.people[0] == nil)
        #expect(matching.diagnostics.map(\.code) == [.ambiguousMatch])
        #expect(matching.diagnostics.first?.liveIDs.sorted() == [2, 7])
    }

    @Test func aPullAdoptsTheOldestOfARepeatedNameAndDropsAPinThatIsGone() {
        var roster = Roster()
        roster.people = [Self.person("Sam"), Self.person("Gone", id: 99)]
        let matching = Matching(roster: roster, live: Self.live([(7, "Sam"), (2, "Sam")]), adopting: true, asOf: nil)
        #expect(matching.diagnostics.isEmpty)
        #expect(matching.people[0]?.id == 2)
        #expect(matching.people[1] == nil)
        #expect(matching.picked.people == [0])
        #expect(matching.unclaimedUsers.map(\.id) == [7])
    }

    @Test func namesMatchByKeyNotBySpelling() {
        var roster = Roster()
        roster.people = [Self.person("Eve\\u{1B}[31m"), Self.person("Ana Lima")]
        let matching = Matching(roster: roster, live: Self.live([(1, "Eve\u{1B}[31m"), (2, " Ana  Lima ")]), asOf: nil)
        #expect(matching.people.map { $0?.id } == [1, 2])
    }
}
