import Foundation

/// A commit as its object says it, read by roster rather than through a format string: the
/// author's name, date and message are fields of their own, so no text in one can pass for another
/// or for another commit.
struct GitCommit: Sendable, Equatable {
    var id: String
    var parents: [String]
    var author: String
    /// The author's date as written, `YYYY-MM-DDTHH:MM:SS±HH:MM` in the author's offset.
    var date: String
    /// The author's date in seconds since 1970 (UTC).
    var seconds: Int
    /// The first paragraph of the message, its lines joined by spaces (git's `%s`).
    var subject: String

    /// The commit object `content` of `id`; an error naming the commit when it does not read as one.
    init(id: String, content: [UInt8]) throws(GitFailure) {
        self.id = id
        let text = String(decoding: content, as: UTF8.self)
        guard let split = text.range(of: "\n\n") else { throw Self.malformed(id, "it has no message") }
        var parents: [String] = [], author: (String, Int, String)?
        for line in text[..<split.lowerBound].split(separator: "\n") where !line.hasPrefix(" ") {
            let (key, value) =
                line.firstIndex(of: " ").map { (line[..<$0], line[line.index(after: $0)...]) }
                ?? (line, "")
            if key == "parent" {
                guard GitObjects.isObjectID(value) else { throw Self.malformed(id, "a parent is not a commit id") }
                parents.append(String(value))
            } else if key == "author" {
                guard let ident = Self.identity(value) else {
                    throw Self.malformed(id, "its author line does not read")
                }
                author = ident
            }
        }
        guard let author else { throw Self.malformed(id, "it names no author") }
        (self.parents, self.author, self.seconds, self.date) = (parents, author.0, author.1, author.2)
        subject = Self.subject(text[split.upperBound...])
    }

    init(id: String, parents: [String], author: String, date: String, seconds: Int, subject: String) {
        (self.id, self.parents, self.author, self.date, self.seconds, self.subject) =
            (id, parents, author, date, seconds, subject)
    }

    /// `NAME <EMAIL> SECONDS ±HHMM`: the name, the seconds and the date in ISO 8601 at that offset.
    static func identity(_ value: Substring) -> (String, Int, String)? {
        guard let open = value.firstIndex(of: "<"), let close = value[open...].firstIndex(of: ">") else { return nil }
        let name = value[..<open].trimmingCharacters(in: .whitespaces)
        let words = value[value.index(after: close)...].split(separator: " ")
        guard words.count == 2, let seconds = Int(words[0]), seconds >= 0, let offset = Self.offset(words[1]) else {
            return nil
        }
        return (name, seconds, Self.iso(seconds: seconds, offsetMinutes: offset))
    }

    /// `+0130` as minutes east of UTC.
    static func offset(_ text: Substring) -> Int? {
        guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
            text.dropFirst().allSatisfy(\.isASCII), let hhmm = Int(text.dropFirst()), hhmm % 100 < 60
        else { return nil }
        return (sign == "-" ? -1 : 1) * (hhmm / 100 * 60 + hhmm % 100)
    }

    /// `YYYY-MM-DDTHH:MM:SS±HH:MM`: the moment `seconds`, on the clock `offsetMinutes` east of UTC.
    static func iso(seconds: Int, offsetMinutes: Int) -> String {
        let local = seconds + offsetMinutes * 60
        let (days, time) = (local.floorDivided(by: 86_400), local.floorModulo(86_400))
        let (year, month, day) = civil(days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offsetMinutes < 0 ? "-" : "+"
        let zone = "\(sign)\(two(abs(offsetMinutes) / 60)):\(two(abs(offsetMinutes) % 60))"
        let yyyy = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yyyy)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))\(zone)"
    }

    /// The calendar day `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// git's `%s`: the message's first paragraph, its lines trimmed and joined by spaces.
    static func subject(_ message: Substring) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        let paragraph = lines.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return paragraph.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    static func malformed(_ id: String, _ why: String) -> GitFailure {
        GitFailure(message: "commit \(id.prefix(12)) does not read as a commit: \(why)")
    }
}

extension Int {
    fileprivate func floorDivided(by d: Int) -> Int { self >= 0 ? self / d : -((-self + d - 1) / d) }
    fileprivate func floorModulo(_ d: Int) -> Int { self - floorDivided(by: d) * d }
}
