import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterSession

/// Export's layout at a company's size, with real names: a person a line, a team's members a
/// name a line (so a diff is a line per person who moves, and `grep` finds every name whole), and
/// a roster that loads and plans clean. Golden files for both formats.
@Suite struct ExportLayoutTests {
    static let golden = TestSupport.packageRoot.appendingPathComponent("Tests/Golden/export")

    @Test(arguments: [(false, "company.yaml"), (true, "company.json")])
    func aCompanysExportMatchesGolden(_ json: Bool, _ file: String) throws {
        var exporter = RosterExporter(live: CompanySpace.make(people: 60, seed: 57), pinSpace: false, pinIDs: false)
        let text = exporter.text(json: json)
        #expect(TestSupport.goldenMismatch(text, Self.golden.appendingPathComponent(file)) == nil)
    }

    @Test(arguments: [200, 2_000])
    func everyNameIsWholeOnItsLineAndTheExportPlansClean(_ size: Int) throws {
        let live = CompanySpace.make(people: size, seed: UInt64(size))
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        let text = exporter.text(json: false)
        let lines = text.split(separator: "\n").map(String.init)
        for team in live.teams {
            for id in team.memberSet where id != team.leadID {
                let name = live.users.first { $0.id == id }?.name ?? ""
                #expect(lines.contains { $0.hasPrefix("  - ") && $0.contains(name) }, "\(name) is not whole on a line")
            }
        }
        let loaded = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))])
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics.prefix(3))")
        let plan = try #require(Planner.plan(roster: loaded.roster, live: live, prune: false).0)
        #expect(plan.changes.filter { $0.action != Change.Action.unmanaged }.isEmpty)
    }
}
