import Foundation

/// A day of the proleptic Gregorian calendar, the one date type: a roster's level start dates are
/// days from decoding on, and time in level counts whole months as a person counts them.
package struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    var year: Int
    var month: Int
    var day: Int

    /// What a text is as a date.
    enum Parsed: Equatable, Sendable {
        /// `YYYY-MM-DD`, a real day.
        case day(Day)
        /// Not written `YYYY-MM-DD`.
        case malformed
        /// Written `YYYY-MM-DD` but no day of the calendar, and why.
        case notADay(String)
    }

    /// `YYYY-MM-DD`, a real day; nil otherwise.
    package init?(_ text: String) {
        guard case .day(let day) = Self.parse(text) else { return nil }
        self = day
    }

    /// `text` read as `YYYY-MM-DD`, without Foundation.
    static func parse(_ text: String) -> Parsed {
        guard text.utf8.count == 10 else { return .malformed }
        var bytes = InlineArray<10, UInt8>(repeating: 0)
        for (i, byte) in text.utf8.enumerated() { bytes[i] = byte }
        guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return .malformed }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard bytes[i] >= 0x30, bytes[i] <= 0x39 else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return .malformed }
        guard (1...12).contains(month) else { return .notADay("there is no month \(month)") }
        let days = daysIn(month: month, year: year)
        guard (1...days).contains(day) else {
            return .notADay(day == 0 ? "days start at 01" : "month \(month) of \(year) has \(days) days")
        }
        return .day(Day(year: year, month: month, day: day))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
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

    /// `YYYY-MM-DD`.
    package var description: String {
        func padded(_ n: Int, _ width: Int) -> String {
            let digits = String(n)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    package static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    /// This day `n` months later, the day clamped to the month's length (Jan 31 + 1 = Feb 28/29).
    package func adding(months n: Int) -> Day {
        let index = year * 12 + (month - 1) + n
        let (y, m) = (index / 12, index % 12 + 1)
        return Day(year: y, month: m, day: min(day, Self.daysIn(month: m, year: y)))
    }

    /// This day `n` days later (earlier when negative).
    package func adding(days n: Int) -> Day { Day(ordinal: ordinal + n) }

    /// Days since 0000-03-01 (a count that makes leap days the last of their year).
    private var ordinal: Int {
        let y = month <= 2 ? year - 1 : year
        let m = (month + 9) % 12
        return 365 * y + y / 4 - y / 100 + y / 400 + (153 * m + 2) / 5 + day - 1
    }

    /// The day `ordinal` days after 0000-03-01.
    private init(ordinal: Int) {
        var y = (10_000 * ordinal + 14_780) / 3_652_425
        var d = ordinal - (365 * y + y / 4 - y / 100 + y / 400)
        if d < 0 {
            y -= 1
            d = ordinal - (365 * y + y / 4 - y / 100 + y / 400)
        }
        let mi = (100 * d + 52) / 3_060
        let month = (mi + 2) % 12 + 1
        self.init(year: y + (mi + 2) / 12, month: month, day: d - (mi * 306 + 5) / 10 + 1)
    }

    /// Before every day a roster can write: the state a dated roster starts from.
    package static let distantPast = Day(year: 0, month: 1, day: 1)

    /// Whole months from this day to `later`: the most months that, added, do not pass it.
    func months(until later: Day) -> Int {
        guard self < later else { return 0 }
        var n = (later.year - year) * 12 + (later.month - month)
        if adding(months: n) > later { n -= 1 }
        return max(0, n)
    }
}
