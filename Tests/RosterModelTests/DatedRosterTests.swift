import Testing

@testable import RosterCore
@testable import RosterModel

/// A roster that dates its changes means one state on each day; validate refuses what
/// contradicts itself, where it is written; the reports read the roster as it stands on their day.
@Suite struct DatedRosterTests {
    static func load(_ text: String) -> RosterLoader.Result {
        RosterLoader().load(texts: [("r.yaml", Array(("version: 1\n" + text).utf8))])
    }

    static let people = """
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid}
          - {name: Dee Nakamura, craft: Design, level: Senior, starts: 2027-01-04}
          - {name: Ed Old, craft: Engineering, level: Mid, lastDay: 2026-12-31}

        """

    /// Each error as `line:column code`.
    static func errors(_ text: String) -> [String] {
        load(people + text).diagnostics.filter { $0.severity == .error }.map { d in
            "\(d.location.map { "\($0.line):\($0.column)" } ?? "-") \(d.code?.rawValue ?? "")"
        }
    }

    @Test func contradictoryDatesAreRefusedWhereTheyAreWritten() {
        // Moved into a team before her first day: at the change's member.
        #expect(
            Self.errors(
                """
                teams:
                  - name: Payments
                    lead: Ana Souza
                    members: [Bo Chen]
                    changes:
                      - {on: 2027-01-02, members: [Bo Chen, Dee Nakamura]}
                """) == ["12:45 dated-conflict"])
        // Two changes of one team on one day.
        #expect(
            Self.errors(
                """
                teams:
                  - name: Payments
                    lead: Ana Souza
                    changes:
                      - {on: 2027-02-01, members: [Bo Chen]}
                      - {on: 2027-02-01, lead: Bo Chen}
                """) == ["12:14 dated-conflict"])
        // A team led by someone who has left; a change after the team's last day; a last day before the first.
        #expect(
            Self.errors(
                """
                teams:
                  - name: Payments
                    lead: Ed Old
                    lastDay: 2027-03-31
                    changes:
                      - {on: 2027-05-01, members: [Bo Chen]}
                  - {name: Web, lead: Bo Chen, starts: 2027-02-01, lastDay: 2027-01-31}
                """
            ).sorted(by: Self.byPosition) == ["9:11 dated-conflict", "12:14 dated-conflict", "13:61 dated-conflict"])
    }

    static func byPosition(_ a: String, _ b: String) -> Bool {
        func key(_ s: String) -> (Int, Int) {
            let parts = s.split(separator: " ")[0].split(separator: ":").compactMap { Int($0) }
            return (parts[0], parts[1])
        }
        return key(a) < key(b)
    }

    @Test func theOneTeamRuleHoldsOnEachDayAndAReorganisationIsNoConflict() {
        let reorganised = """
            teams:
              - {name: Payments, lead: Ana Souza, members: [Bo Chen], lastDay: 2026-12-31}
              - {name: Checkout, lead: Ana Souza, members: [Bo Chen], starts: 2027-01-01}
            """
        #expect(Self.errors(reorganised).isEmpty)
        let overlapping = reorganised.replacingOccurrences(of: "starts: 2027-01-01", with: "starts: 2026-12-15")
        #expect(Self.errors(overlapping).contains { $0.hasSuffix("one-team") })
    }

    @Test func theTeamsReportShowsTheTeamsAsTheyWillBe() throws {
        let loaded = Self.load(
            Self.people + """
                teams:
                  - name: Payments
                    lead: Ana Souza
                    members: [Bo Chen, Ed Old]
                    changes:
                      - {on: 2027-01-04, members: []}
                  - {name: Mobile, lead: Dee Nakamura, members: [Bo Chen], starts: 2027-01-04}
                """)
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let before = TeamReport.of(loaded.roster, asOf: Day(year: 2026, month: 12, day: 1), span: 8)
        #expect(before.rows.map(\.name) == ["Payments"] && before.rows[0].headcount == 3)
        let after = TeamReport.of(loaded.roster, asOf: Day(year: 2027, month: 1, day: 4), span: 8)
        #expect(after.rows.map { "\($0.name) \($0.headcount)" } == ["Mobile 2", "Payments 1"])
        #expect(after.inNoTeam == 0)
        let levels = LevelReport.of(loaded.roster, asOf: Day(year: 2026, month: 12, day: 1), dueMonths: 3)
        #expect(!levels.rows.contains { $0.name == "Dee Nakamura" })
        #expect(!levels.withoutStartDate.contains { $0.name == "Dee Nakamura" })
        #expect(levels.withoutStartDate.contains { $0.name == "Ed Old" })
    }
}
