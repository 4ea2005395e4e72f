import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterFiles
@testable import RosterModel

/// A team's dated `changes` edited a change at a time: what the edit leaves alone stays as written,
/// its comments and layout with it.
@Suite struct TeamChangesEditTests {
    static let text = """
        version: 1
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid}
          - {name: Chris López, craft: Engineering, level: Mid}
        teams:
          - name: Payments
            lead: Ana Souza
            members: [Bo Chen, Chris López]
            changes:
              # Bo leads from February, while Ana is on leave.
              - on: 2027-02-01
                lead: Bo Chen   # acting
                members: [Ana Souza, Chris López]
              # Ana is back in May.
              - {on: 2027-05-01, lead: Ana Souza, members: [Bo Chen, Chris López]}

        """

    /// The changes `edit` makes of Payments' changes, through the editor, and the text it writes.
    static func edited(
        _ text: String = text, _ edit: (inout [TeamChange]) -> Void
    ) throws -> (text: String, changes: [TeamChange]) {
        let roster = try #require(RosterFileEditorTests.load([("r.yaml", text)], "before"))
        var changes = roster.teams[0].changes
        edit(&changes)
        var editor = try #require(RosterFileEditor(file: "r.yaml", text: text))
        let node = try #require(editor.entry(at: roster.teams[0].location))
        editor.editRecords(node, "changes", changes.map(\.written), identity: "on")
        // Nothing to write is the file as it was.
        let written = editor.edited() ?? text
        let after = try #require(RosterFileEditorTests.load([("r.yaml", written)], "after:\n\(written)"))
        return (written, after.teams[0].changes)
    }

    static func day(_ text: String) -> Day { Day(text) ?? Day(year: 2000, month: 1, day: 1) }

    @Test func aNewChangeGoesInByItsDayAndTheOthersStayAsWritten() throws {
        let (text, changes) = try Self.edited { changes in
            let at = changes[0].location
            changes.insert(
                TeamChange(
                    on: Located(Self.day("2027-03-01"), at: at),
                    members: [Located(PersonReference(parsing: "Ana Souza"), at: at)], location: at),
                at: 1)
        }
        #expect(changes.map(\.on.value.description) == ["2027-02-01", "2027-03-01", "2027-05-01"])
        #expect(text.contains("# Bo leads from February, while Ana is on leave."))
        #expect(text.contains("    lead: Bo Chen   # acting\n"))
        #expect(
            text.contains(
                "      - {on: 2027-03-01, members: [Ana Souza]}\n      # Ana is back in May.\n"
                    + "      - {on: 2027-05-01, lead: Ana Souza, members: [Bo Chen, Chris López]}\n"), "\(text)")
    }

    @Test func aChangedChangeIsWrittenAgainWhereItStoodAndAGoneOneTakesItsLines() throws {
        let (text, changes) = try Self.edited { changes in
            changes[1].members = [Located(PersonReference(parsing: "Bo Chen"), at: changes[1].location)]
            changes.remove(at: 0)
        }
        #expect(changes.map(\.on.value.description) == ["2027-05-01"])
        #expect(!text.contains("acting"))
        #expect(text.contains("# Ana is back in May.\n      - {on: 2027-05-01, lead: Ana Souza, members: [Bo Chen]}\n"))
    }

    @Test func changesTheEditLeavesAloneAreTheFileAsItWas() throws {
        let (text, _) = try Self.edited { _ in }
        #expect(text == Self.text)
    }

    @Test func anEarlierChangeGoesInBeforeOneWrittenAgainOnTheSameLine() throws {
        // Without a comment above February's change, January's goes in on the line it is written again on.
        let uncommented = Self.text.replacingOccurrences(
            of: "      # Bo leads from February, while Ana is on leave.\n", with: "")
        let (text, changes) = try Self.edited(uncommented) { changes in
            let at = changes[0].location
            changes[0].lead = Located(PersonReference(parsing: "Chris López"), at: at)
            changes.insert(
                TeamChange(on: Located(Self.day("2027-01-15"), at: at), lead: changes[0].lead, location: at), at: 0)
        }
        #expect(changes.map(\.on.value.description) == ["2027-01-15", "2027-02-01", "2027-05-01"])
        #expect(
            text.contains("      - {on: 2027-01-15, lead: Chris López}\n      - {on: 2027-02-01, lead: Chris López"),
            "\(text)")
    }
}
