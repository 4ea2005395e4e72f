import Testing

@testable import RosterModel

/// `report levels` counts months in level on its day; a level that starts after it is scheduled.
@Suite struct LevelReportTests {
    @Test func aLevelStartingAfterTheDayIsScheduledNotZeroMonthsIn() throws {
        let people = [
            LevelReport.Person(name: "Chris López", id: 1, level: .senior, since: "2027-01-01"),
            LevelReport.Person(name: "Zoë Müller", id: 2, level: .mid, since: "2024-11-01"),
        ]
        let day = try #require(Day("2026-11-27"))
        let report = LevelReport(people: people, limits: [.mid: 36, .senior: 48], asOf: day, dueMonths: 3)
        let chris = try #require(report.rows.first { $0.id == 1 })
        #expect(chris.status == .scheduled && chris.months == 0)
        #expect(report.rows.first { $0.id == 2 }?.status == .within)
        #expect(report.totals.map(\.status) == ["over", "due", "within", "no-limit", "scheduled", "no-start-date"])
        // On the day, the level has begun.
        let then = LevelReport(people: people, limits: [.senior: 48], asOf: Day("2027-01-01")!, dueMonths: 3)
        #expect(then.rows.first { $0.id == 1 }?.status == .within)
        #expect(!then.totals.map(\.status).contains("scheduled"))
    }
}
