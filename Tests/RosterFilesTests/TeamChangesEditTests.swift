import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterFiles
@testable import RosterModel
@testable import RosterYAML

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

/// Random lists of changes in the styles people write (a line each, a key a line, comments above and
/// beside), random edits of them: the file loads to exactly the edited changes, every comment line
/// stays, and so does every comment beside a change the edit left alone.
@Suite struct TeamChangesEditPropertyTests {
    static let people = ["Ana Souza", "Bo Chen", "Chris López", "Zoë Müller", "Dana O'Neil", "Łukasz Nowak"]

    struct Written: Equatable {
        var day: Int
        var lead: String?
        var members: [String]?
    }

    static func random(_ rng: inout SplitMix64, day: Int) -> Written {
        let lead = Bool.random(using: &rng) ? people.randomElement(using: &rng) : nil
        let members =
            lead == nil || Bool.random(using: &rng)
            ? Array(people.shuffled(using: &rng).prefix(Int.random(in: 0...3, using: &rng))) : nil
        return Written(day: day, lead: lead, members: members)
    }

    static func date(_ day: Int) -> String { "2027-0\(day / 28 + 1)-\(String(format: "%02d", day % 28 + 1))" }

    /// The file: Payments with `changes`, each written in a style the generator picks, commented or not.
    static func text(_ changes: [Written], _ rng: inout SplitMix64) -> (text: String, besides: [Int: String]) {
        var lines = [
            "version: 1", "people:",
        ]
        lines += people.map { "  - {name: \(YAMLText.scalar($0, inFlow: true)), craft: Engineering, level: Mid}" }
        lines += ["teams:", "  - name: Payments", "    lead: Ana Souza", "    members: [Bo Chen]", "    changes:"]
        var besides: [Int: String] = [:]
        for (i, change) in changes.enumerated() {
            if Bool.random(using: &rng) { lines.append("      # note \(i) above") }
            let beside = Bool.random(using: &rng) ? "  # note \(i) beside" : ""
            if !beside.isEmpty { besides[change.day] = "note \(i) beside" }
            let lead = change.lead.map { YAMLText.scalar($0, inFlow: true) }
            let members = change.members.map {
                "[" + $0.map { YAMLText.scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
            }
            if Bool.random(using: &rng) {
                let pairs =
                    ["on: \(date(change.day))"]
                    + [lead.map { "lead: \($0)" }, members.map { "members: \($0)" }]
                    .compactMap { $0 }
                lines.append("      - {" + pairs.joined(separator: ", ") + "}" + beside)
            } else {
                lines.append("      - on: \(date(change.day))" + beside)
                if let lead { lines.append("        lead: \(lead)") }
                if let members { lines.append("        members: \(members)") }
            }
        }
        return (lines.joined(separator: "\n") + "\n", besides)
    }

    static func written(_ change: TeamChange) -> Written {
        let day = change.on.value.description
        let month = Int(day.dropFirst(5).prefix(2)) ?? 0, date = Int(day.suffix(2)) ?? 0
        return Written(
            day: (month - 1) * 28 + date - 1, lead: change.lead?.value.text, members: change.members?.map(\.value.text))
    }

    @Test func anEditWritesWhatItSaysAndKeepsEveryOtherLine() throws {
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: seed)
            let days = Array((0..<150).shuffled(using: &rng).prefix(Int.random(in: 1...5, using: &rng))).sorted()
            let before = days.map { Self.random(&rng, day: $0) }
            let (text, besides) = Self.text(before, &rng)
            let roster = try #require(RosterFileEditorTests.load([("r.yaml", text)], "seed \(seed) before"))
            // The edit: some changes go, some change, some come on days of their own.
            var wanted = before.filter { _ in Int.random(in: 0..<4, using: &rng) > 0 }
            for i in wanted.indices where Int.random(in: 0..<3, using: &rng) == 0 {
                wanted[i] = Self.random(&rng, day: wanted[i].day)
            }
            let free = (0..<150).filter { !days.contains($0) }.shuffled(using: &rng)
            wanted = (wanted + free.prefix(Int.random(in: 0...2, using: &rng)).map { Self.random(&rng, day: $0) })
                .sorted { $0.day < $1.day }
            guard !wanted.isEmpty else { continue }
            var editor = try #require(RosterFileEditor(file: "r.yaml", text: text))
            let node = try #require(editor.entry(at: roster.teams[0].location))
            editor.editRecords(node, "changes", wanted.map(Self.pairs), identity: "on")
            let after = editor.edited() ?? text
            let edited = try #require(RosterFileEditorTests.load([("r.yaml", after)], "seed \(seed) after"))
            #expect(edited.teams[0].changes.map(Self.written) == wanted, "seed \(seed)\n\(after)")
            for line in text.split(separator: "\n") where line.contains("above") {
                #expect(after.contains(line), "seed \(seed): \(line) is gone\n\(after)")
            }
            for (day, note) in besides
            where before.contains(where: { $0.day == day }) && wanted.contains(where: { $0.day == day }) {
                let kept = before.first { $0.day == day } == wanted.first { $0.day == day }
                #expect(after.contains(note) == kept, "seed \(seed): \(note)\n\(after)")
            }
        }
    }

    static func pairs(_ change: Written) -> [WrittenPair] {
        [WrittenPair("on", .token(date(change.day)))]
            + [
                change.lead.map { WrittenPair("lead", .text($0)) },
                change.members.map { WrittenPair("members", .list($0)) },
            ].compactMap { $0 }
    }
}
