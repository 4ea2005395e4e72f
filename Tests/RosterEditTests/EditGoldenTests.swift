import Foundation
import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel
@testable import RosterRender
@testable import RosterTestSupport

/// The edit commands on the example rosters, as golden patches: each scenario's edits, what each
/// said, and the diff of every file they changed (comments, layout, quoting, anchors and JSON kept;
/// a file not in the diff is byte for byte as it was).
@Suite struct EditGoldenTests {
    static let scenarios: [(name: String, example: String, edits: [(command: String, edit: RosterEdit)])] = [
        (
            "pretty-json", "pretty-json",
            [
                (
                    "hire \"Ann Lee\" --level Mid --team \"Design Systems\" --as lead",
                    .addPerson(NewPerson(name: "Ann Lee", level: .mid, team: "Design Systems", role: .lead))
                ),
                ("rename team \"Design Systems\" Design", .rename(.team, from: "Design Systems", to: "Design")),
                ("set level Senior --limit-months 40", .setLevel(.senior, limitMonths: 40)),
                (
                    "set person \"Carol Nguyen\" --since 2026-01-01",
                    .setPerson("Carol Nguyen", PersonChanges(levelStartDate: .value(Day(year: 2026, month: 1, day: 1))))
                ),
                (
                    "remove person \"Bob Martinez\" --successor \"Nathan Fischer\"",
                    .removePerson("Bob Martinez", successor: "Nathan Fischer")
                ),
            ]
        ),
        (
            "crlf-block", "crlf-block",
            [
                ("move \"Maya Patel\" --to Research", .move(person: "Maya Patel", team: "Research", role: .member)),
                (
                    "hire \"Rae Kim\" --level Junior --team \"Design Systems\"",
                    .addPerson(NewPerson(name: "Rae Kim", level: .junior, team: "Design Systems"))
                ),
                ("set person \"Hassan Ali\" --level Staff", .setPerson("Hassan Ali", PersonChanges(level: .staff))),
                (
                    "rename person \"Quinn O'Hara\" \"Quinn Hara\"",
                    .rename(.person, from: "Quinn O'Hara", to: "Quinn Hara")
                ),
                ("set level Mid --limit-months 36", .setLevel(.mid, limitMonths: 36)),
            ]
        ),
        (
            "acme-reorganisation", "acme.yaml",
            [
                (
                    "move \"Leo Santos\" --to \"Backend Services\"",
                    .move(person: "Leo Santos", team: "Backend Services", role: .member)
                ),
                (
                    "move \"Grace Tanaka\" --to \"Frontend Platform\" --as lead --successor \"Leo Santos\"",
                    .move(person: "Grace Tanaka", team: "Frontend Platform", role: .lead, successor: "Leo Santos")
                ),
                (
                    "add person \"Ann Lee\" --level Mid --focus Backend --team \"Backend Services\"",
                    .addPerson(NewPerson(name: "Ann Lee", level: .mid, focus: .backend, team: "Backend Services"))
                ),
                (
                    "add team Mobile --lead \"Iris Johansson\" --members \"Hassan Ali\"",
                    .addTeam(name: "Mobile", lead: "Iris Johansson", members: ["Hassan Ali"])
                ),
            ]
        ),
        (
            "acme-people", "acme.yaml",
            [
                ("set person \"David Kim\" --level Senior", .setPerson("David Kim", PersonChanges(level: .senior))),
                (
                    "set person \"Karen Liu\" --focus Backend --since 2026-11-26",
                    .setPerson("Karen Liu", PersonChanges(focus: .backend, levelStartDate: .value(EditFixture.today)))
                ),
                (
                    "rename person \"Zoë Müller\" \"Zoë Schmidt\"",
                    .rename(.person, from: "Zoë Müller", to: "Zoë Schmidt")
                ),
                ("rename team \"Data & Analytics\" Data", .rename(.team, from: "Data & Analytics", to: "Data")),
                (
                    "remove person \"Bob Martinez\" --successor \"Nathan Fischer\"",
                    .removePerson("Bob Martinez", successor: "Nathan Fischer")
                ),
                ("remove team \"Design Systems\"", .removeTeam("Design Systems")),
                ("set level Senior --limit-months 48", .setLevel(.senior, limitMonths: 48)),
                ("set level Junior --limit-months 18", .setLevel(.junior, limitMonths: 18)),
            ]
        ),
        (
            "multi-reorganisation", "multi",
            [
                (
                    "move \"Leo Santos\" --to \"Frontend Platform\"",
                    .move(person: "Leo Santos", team: "Frontend Platform", role: .member)
                ),
                (
                    "add person \"Ann Lee\" --level Mid --team \"Design Systems\" --as lead",
                    .addPerson(NewPerson(name: "Ann Lee", level: .mid, team: "Design Systems", role: .lead))
                ),
                (
                    "add team Growth --lead \"Maya Patel\" --members \"Elena Popov\"",
                    .addTeam(name: "Growth", lead: "Maya Patel", members: ["Elena Popov"])
                ),
            ]
        ),
        (
            "multi-people", "multi",
            [
                (
                    "set person \"Grace Tanaka\" --focus Backend",
                    .setPerson("Grace Tanaka", PersonChanges(focus: .backend))
                ),
                ("rename person \"Zoë Müller\" \"Zoë Lang\"", .rename(.person, from: "Zoë Müller", to: "Zoë Lang")),
                (
                    "remove person \"Alice Chen\" --successor \"David Kim\"",
                    .removePerson("Alice Chen", successor: "David Kim")
                ),
                (
                    "remove person \"Bob Martinez\" --successor \"Frank O'Brien\"",
                    .removePerson("Bob Martinez", successor: "Frank O'Brien")
                ),
                ("set level Staff --limit-months 60", .setLevel(.staff, limitMonths: 60)),
                ("rename person \"Alice Chen\" \"Alice Lee\"", .rename(.person, from: "Alice Chen", to: "Alice Lee")),
            ]
        ),
    ]

    @Test(arguments: scenarios.indices)
    func theExamplesEditedAsWritten(_ index: Int) throws {
        let scenario = Self.scenarios[index]
        var fixture = try Self.fixture(scenario.example)
        let original = fixture.texts
        var out = ""
        for (command, edit) in scenario.edits {
            out += "$ roster \(command)\n"
            do throws(EditRefusal) {
                let result = try fixture.apply(edit)
                out += result.summary.map { "  " + $0 + "\n" }.joined()
            } catch {
                out += error.diagnostics.map { "  refused: " + Self.place($0.location) + $0.message + "\n" }.joined()
            }
        }
        #expect(fixture.load().isValid, "\(fixture.load().diagnostics)")
        out +=
            "\n"
            + fixture.order.map { UnifiedDiff.render(original[$0] ?? "", fixture.texts[$0] ?? "", path: $0) }.joined()
        let golden = TestSupport.goldenRoot.appendingPathComponent("edit/\(scenario.name).txt")
        #expect(TestSupport.goldenMismatch(out, golden) == nil, "\(TestSupport.goldenMismatch(out, golden) ?? "")")
    }

    /// An example roster, or one of the inputs beside the golden files.
    static func fixture(_ name: String) throws -> EditFixture {
        name.contains(".") || name == "multi"
            ? try EditFixture(example: name) : try EditFixture(example: name, in: "Tests/Golden/edit")
    }

    static func place(_ location: RosterCore.SourceLocation?) -> String {
        location.map { "\($0.file):\($0.line):\($0.column): " } ?? ""
    }

    /// Every edit made a second time changes nothing and says so.
    @Test(arguments: scenarios.indices)
    func theSameEditTwiceChangesNothingTheSecondTime(_ index: Int) throws {
        let scenario = Self.scenarios[index]
        var fixture = try Self.fixture(scenario.example)
        for (_, edit) in scenario.edits {
            guard (try? fixture.apply(edit)) != nil else { continue }
            let again = try fixture.apply(edit)
            #expect(again.isUnchanged, "\(edit): \(again.changed)")
            #expect(again.summary.first?.hasPrefix("nothing to change") == true, "\(edit): \(again.summary)")
        }
    }
}
