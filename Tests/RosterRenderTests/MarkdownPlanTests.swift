import Foundation
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// The pull-request comment stays under GitHub's limit however large the plan, and says what it
/// left out; Mermaid labels cannot break out of their quotes.
@Suite struct MarkdownPlanTests {
    static func largePlan(people: Int) throws -> Plan {
        let loc = SourceLocation(file: "r.yaml", line: 1, column: 1)
        var roster = Roster()
        roster.people = (0..<people).map {
            PersonEntry(
                name: Located("Person \($0)", at: loc), craft: .engineering, level: .mid, focus: .notApplicable,
                levelStartDate: .unmanaged, location: loc)
        }
        roster.teams = (0..<people / 10).map { t in
            TeamEntry(
                name: Located("Team \(t)", at: loc),
                lead: Located(PersonReference(parsing: "Person \(t * 10)"), at: loc),
                members: (1..<10).map { Located(PersonReference(parsing: "Person \(t * 10 + $0)"), at: loc) },
                location: loc)
        }
        let live = LiveState(space: LiveSpace(id: "u", name: "U", isOwner: true), users: [], teams: [], levels: [])
        return try #require(Planner.plan(roster: roster, live: live, prune: false, endpoint: "x").0)
    }

    @Test func tenThousandChangesStayUnderTheLimit() throws {
        let plan = try Self.largePlan(people: 10_000)
        #expect(plan.changes.count == 11_000)
        let text = PlanRenderer.markdown(plan, requests: 1)
        #expect(text.count <= 60_000, "\(text.count)")
        #expect(
            text.hasPrefix("### Roster plan for space \"U\" (`u`)\n\n**0 move, 0 promoted, 10000 join, 0 leave** · "))
        #expect(text.contains("11000 to create, 0 to update, 0 to delete"))
        #expect(text.contains(" of 11000 changes left out** to keep this comment under 60000 characters"))
        #expect(text.contains("#### Reorganisation"))
        let small = PlanRenderer.markdown(try Self.largePlan(people: 20), requests: 1)
        #expect(!small.contains("left out") && small.contains("```mermaid"))
    }

    @Test func mermaidLabelsStayInsideTheirQuotes() {
        #expect(MermaidChart.label("A \"B\" <C> #1; [x]") == "\"A #quot;B#quot; #lt;C#gt; #35;1; [x]\"")
        #expect(MermaidChart.label("line\nbreak\u{1B}") == "\"line\\u{A}break\\u{1B}\"")
    }
}
