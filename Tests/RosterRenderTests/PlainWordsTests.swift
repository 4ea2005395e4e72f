import Foundation
import Testing

@testable import MPSClient
@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// Saying it plainly: values that would read as something else are quoted, a person to create
/// beside a live person of nearly the same name is warned of, a lost session is said once.
@Suite struct PlainWordsTests {
    @Test func valuesThatReadAmbiguouslyAreQuoted() {
        #expect(PlanRenderer.text(of: .string("")) == "\"\"")
        #expect(PlanRenderer.text(of: .string(" 2023-04-01")) == "\" 2023-04-01\"")
        #expect(PlanRenderer.text(of: .string("none")) == "\"none\"")
        #expect(PlanRenderer.text(of: .null) == "none")
        #expect(PlanRenderer.text(of: .string("April 2023")) == "April 2023")
        var line = ""
        PlanRenderer.appendUpdate(.levelStartDate(from: "", to: "2023-04-01"), to: &line)
        #expect(line == "levelStartDate: \"\" → 2023-04-01")
    }

    @Test func aPersonToCreateBesideANearlySameLiveNameIsWarnedOf() throws {
        let at = SourceLocation(file: "r.yaml", line: 2, column: 5)
        var roster = Roster()
        roster.people = [
            PersonEntry(
                name: Located("alice  chen", at: at), craft: .engineering, level: .mid, focus: .notApplicable,
                levelStartDate: .unmanaged, location: at)
        ]
        let live = LiveState(
            space: LiveSpace(id: "u", name: "U", isOwner: true),
            users: [
                LiveUser(
                    id: 1, name: "Alice Chén", craft: .engineering, level: .senior, focus: .frontend,
                    levelStartDate: nil)
            ],
            teams: [], levels: [])
        let plan = try #require(Planner.plan(roster: roster, live: live, prune: false, endpoint: "x").0)
        #expect(plan.warnings == [.nearName(person: "alice  chen", live: "Alice Chén", id: 1)])
        #expect(
            plan.warnings.map(\.message) == [
                "person \"alice  chen\" would be created beside the live \"Alice Chén\" (#1), which the roster does "
                    + "not list; if they are the same person, write \"Alice Chén\" or add `previously: [\"Alice "
                    + "Chén\"]` to the entry"
            ])
    }

    @Test func aLostSessionIsSaidOnceNotOnEveryLine() throws {
        let response = HTTPResponse(status: 401, body: Data("<html>401 Authorization Required</html>".utf8))
        #expect(throws: MPSError.invalidToken) { try GraphQLClient.parse(response, bodySize: 10) }
        var run = ApplyRun(
            Plan(
                endpoint: "x", space: LiveSpace(id: "u", name: "U", isOwner: true), changes: [],
                steps: [
                    [
                        PlanOperation(payload: .deleteUser(id: 1), name: "A"),
                        PlanOperation(payload: .deleteUser(id: 2), name: "B"),
                    ].enumerated().map {
                        var op = $1; op.id = $0; return op
                    }
                ],
                warnings: [], deletes: [],
                live: LiveState(space: LiveSpace(id: "u", name: "U", isOwner: true), users: [], teams: [], levels: [])))
        _ = run.record(.unreachable(MPSError.invalidToken.message), of: [run.operations[0]], aliases: ["a0"])
        let text = ReportRenderer.text(run.report())
        #expect(text.components(separatedBy: "the token is invalid or expired").count == 2, "\(text)")
        #expect(text.contains("not run, not sent: apply stopped"))
    }
}
