import Foundation

/// A day of the calendar, for time in level: whole months as a person counts them.
package struct Day: Comparable, Sendable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    /// `YYYY-MM-DD`, a real day; nil otherwise.
    package init?(_ text: String) {
        guard CalendarDate.check(text) == .valid else { return nil }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        (year, month, day) = (parts[0], parts[1], parts[2])
    }

    package init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Today, in UTC.
    package static var today: Day {
        let parts = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC") ?? .current, from: Date())
        return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    package var description: String { String(format: "%04d-%02d-%02d", year, month, day) }

    package static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// This day `n` months later, the day clamped to the month's length (Jan 31 + 1 = Feb 28/29).
    package func adding(months n: Int) -> Day {
        let index = year * 12 + (month - 1) + n
        let (y, m) = (index / 12, index % 12 + 1)
        return Day(year: y, month: m, day: min(day, CalendarDate.daysIn(month: m, year: y)))
    }

    /// Whole months from this day to `later`: the most months that, added, do not pass it.
    package func months(until later: Day) -> Int {
        guard self < later else { return 0 }
        var n = (later.year - year) * 12 + (later.month - month)
        if adding(months: n) > later { n -= 1 }
        return max(0, n)
    }
}
