import RosterCore
import RosterModel

/// `roster report levels` as a table, versioned JSON, Markdown or CSV.
package enum LevelReportRenderer {
    static let headers = ["name", "level", "levelStartDate", "months", "limitMonths", "status"]

    /// `Core, Mobile`, or `-` for someone in no team.
    static func teams(_ row: LevelReport.Row) -> String {
        row.teams.isEmpty ? "-" : row.teams.joined(separator: ", ")
    }

    /// `Totals: 3 over, 1 due, 1 within, 2 no limit; 1 without a level start date.`
    static func totals(_ report: LevelReport) -> String {
        let counts = Dictionary(report.totals.map { ($0.status, $0.count) }) { first, _ in first }
        let words = [("over", "over"), ("due", "due"), ("within", "within"), ("no-limit", "no limit")].map {
            "\(counts[$0.0] ?? 0) \($0.1)"
        }
        let scheduled = counts[LevelReport.Status.scheduled.rawValue].map { ", \($0) scheduled" } ?? ""
        return "Totals: " + words.joined(separator: ", ") + scheduled
            + "; \(report.withoutStartDate.count) without a level start date."
    }

    static func cells(_ row: LevelReport.Row) -> [String] {
        let name = row.name + (row.id.map { " (#\($0))" } ?? "")
        let status: String =
            switch row.status {
            case .over: row.overBy == 0 ? "at the limit" : "over by \(row.overBy ?? 0)"
            case .due: "due in \(-(row.overBy ?? 0))"
            case .within: "within"
            case .noLimit: "no limit"
            case .scheduled: "starts \(row.since)"
            }
        return [
            name, row.level.rawValue, row.since.description, String(row.months), row.limit.map(String.init) ?? "-",
            status,
        ]
    }

    package static func text(_ report: LevelReport) -> String {
        var out = "Time in level on \(report.asOf) (due: within \(report.dueMonths) months of the limit)\n\n"
        let table =
            [["NAME", "TEAM", "LEVEL", "SINCE", "MONTHS", "LIMIT", "STATUS"]]
            + report.rows.map { row in
                var cells = cells(row)
                cells.insert(teams(row), at: 1)
                return cells.map(TerminalText.escape)
            }
        let widths = (0..<7).map { c in table.map { $0[c].count }.max() ?? 0 }
        for row in table {
            out +=
                zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingTrailingSpaces() + "\n"
        }
        if report.rows.isEmpty { out += "(nobody states a level start date)\n" }
        if !report.withoutStartDate.isEmpty {
            out +=
                "\nNo level start date (\(report.withoutStartDate.count)): "
                + report.withoutStartDate.map { TerminalText.escape($0.name) }.joined(separator: ", ") + "\n"
        }
        return out + "\n" + totals(report) + "\n"
    }

    /// A person of a report as its JSON names them: name, id, level and level start date.
    static func person(_ name: String, _ id: Int?, _ level: JobLevel, _ since: Day) -> [(String, JSONValue)] {
        [
            ("name", .string(name)), ("id", id.map(JSONValue.int) ?? .null), ("level", .string(level.rawValue)),
            ("levelStartDate", .string(since.description)),
        ]
    }

    package static func json(_ report: LevelReport) -> JSONValue {
        .object([
            (JSONEnvelope.versionKey, .int(JSONEnvelope.version)),
            ("asOf", .string(report.asOf.description)),
            ("dueMonths", .int(report.dueMonths)),
            (
                "people",
                .array(
                    report.rows.map { row in
                        .object(
                            person(row.name, row.id, row.level, row.since) + [
                                ("months", .int(row.months)), ("limitMonths", row.limit.map(JSONValue.int) ?? .null),
                                ("status", .string(row.status.rawValue)),
                                ("overBy", row.overBy.map(JSONValue.int) ?? .null),
                                ("teams", .array(row.teams.map(JSONValue.string))),
                            ])
                    })
            ),
            (
                "withoutStartDate",
                .array(
                    report.withoutStartDate.map {
                        .object([("name", .string($0.name)), ("level", .string($0.level.rawValue))])
                    })
            ),
            ("totals", .object(report.totals.map { ($0.status, JSONValue.int($0.count)) })),
        ])
    }

    package static func markdown(_ report: LevelReport) -> String {
        var out =
            "### Time in level on \(report.asOf)\n\n| name | team | level | since | months | limit | status "
            + "|\n|---|---|---|---|---|---|---|\n"
        for row in report.rows {
            var cells = cells(row)
            cells.insert(teams(row), at: 1)
            out += "| " + cells.map(MarkdownText.escape).joined(separator: " | ") + " |\n"
        }
        if !report.withoutStartDate.isEmpty {
            out +=
                "\n**No level start date:** "
                + report.withoutStartDate.map { MarkdownText.escape($0.name) }.joined(separator: ", ") + "\n"
        }
        return out + "\n" + MarkdownText.escape(totals(report)) + "\n"
    }

    /// RFC 4180 CSV with a header row; people without a start date have empty date cells. Names
    /// and levels (a newer server's too) are text cells (``CSVText``).
    package static func csv(_ report: LevelReport) -> String {
        var out = CSVText.row(headers + ["id", "teams"])
        for row in report.rows {
            out += CSVText.row([
                CSVText.text(row.name), CSVText.text(row.level.rawValue), row.since.description, String(row.months),
                row.limit.map(String.init) ?? "", row.status.rawValue, row.id.map(String.init) ?? "",
                CSVText.text(row.teams.joined(separator: "; ")),
            ])
        }
        for person in report.withoutStartDate {
            out += CSVText.row([
                CSVText.text(person.name), CSVText.text(person.level.rawValue), "", "", "", "no-start-date", "", "",
            ])
        }
        return out
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
