import Testing

@testable import RosterModel

/// `Day` is the one date type: a roster's level start dates are days from decoding on.
@Suite struct DayTests {
    @Test(arguments: ["2024-02-29", "0001-01-01", "1999-12-31", "2025-05-05"])
    func aRealDayReadsAndWritesBackAsWritten(_ text: String) throws {
        let day = try #require(Day(text))
        #expect(day.description == text)
    }

    @Test func whatIsNotADaySaysWhy() {
        #expect(Day.parse("2023-02-29") == .notADay("month 2 of 2023 has 28 days"))
        #expect(Day.parse("2023-13-01") == .notADay("there is no month 13"))
        #expect(Day.parse("2023-01-00") == .notADay("days start at 01"))
        for text in ["April 2023", "2023-4-1", "2023/04/01", " 2023-04-01", "２０２３-04-01", ""] {
            #expect(Day.parse(text) == .malformed, "\(text)")
        }
    }

    @Test func aRosterDateIsADayFromDecodingOn() {
        let result = RosterLoader().load(
            bytes: Array(
                "version: 1\npeople:\n  - {name: A, craft: Design, level: Mid, levelStartDate: 2024-02-29}\n".utf8),
            path: "r.yaml")
        let person = result.0?.people.first
        #expect(person?.levelStartDate == .value(Day(year: 2024, month: 2, day: 29)))
    }

    @Test func monthsCountAsAPersonCountsThem() {
        let start = Day(year: 2024, month: 1, day: 31)
        #expect(start.adding(months: 1) == Day(year: 2024, month: 2, day: 29))
        #expect(start.months(until: Day(year: 2024, month: 2, day: 28)) == 0)
        #expect(start.months(until: Day(year: 2024, month: 3, day: 31)) == 2)
    }
}
