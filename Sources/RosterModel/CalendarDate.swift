/// Checks `YYYY-MM-DD` dates against the proleptic Gregorian calendar, without Foundation.
package enum CalendarDate {
    package enum Check: Equatable {
        case valid
        case malformed
        case notADay(String)
    }

    package static func check(_ text: String) -> Check {
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
        return .valid
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
