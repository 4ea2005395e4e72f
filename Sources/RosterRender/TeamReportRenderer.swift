import RosterCore
import RosterModel

/// `roster report teams` and `roster report promotions` as a table, versioned JSON, Markdown or
/// CSV, as `report levels` is.
package enum TeamReportRenderer {
    /// `2 Junior, 5 Mid` for the counts of a team's levels or crafts.
    static func counted(_ counts: [(value: String, count: Int)]) -> String {
        counts.map { "\($0.count) \($0.value)" }.joined(separator: ", ")
    }

    static func cells(_ row: TeamReport.Row) -> [String] {
        [
            row.name, row.lead, String(row.headcount), counted(row.levels), counted(row.crafts),
            row.over.isEmpty ? "-" : "\(row.over.count): " + row.over.joined(separator: ", "),
        ]
    }

    /// Columns padded to their widest cell, two spaces apart.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
                .trimmingTrailingSpaces() + "\n"
        }.joined()
    }

    package static func text(_ report: TeamReport) -> String {
        var out = "Teams on \(report.asOf) (over: past their level's limit)\n\n"
        out += table(
            [["TEAM", "LEAD", "PEOPLE", "LEVELS", "CRAFTS", "OVER"]]
                + report.rows.map { cells($0).map(TerminalText.escape) })
        if report.rows.isEmpty { out += "(no teams)\n" }
        out += "\n\(report.rows.count) teams, \(report.rows.map(\.headcount).reduce(0, +)) places; "
        out += "\(report.inNoTeam) \(report.inNoTeam == 1 ? "person" : "people") in no team.\n"
        if !report.wideLeads.isEmpty {
            out += "Leads of more than \(report.span) \(report.span == 1 ? "person" : "people"): "
            out +=
                report.wideLeads.map { TerminalText.escape("\($0.name) (\($0.people))") }.joined(separator: ", ") + "\n"
        }
        return out
    }

    package static func json(_ report: TeamReport) -> JSONValue {
        let counts = { (counts: [(value: String, count: Int)]) in
            JSONValue.object(counts.map { ($0.value, .int($0.count)) })
        }
        return JSONEnvelope.wrap([
            ("asOf", .string(report.asOf.description)), ("span", .int(report.span)),
            (
                "teams",
                .array(
                    report.rows.map { row in
                        .object([
                            ("name", .string(row.name)), ("id", row.id.map(JSONValue.int) ?? .null),
                            ("lead", .string(row.lead)), ("headcount", .int(row.headcount)),
                            ("levels", counts(row.levels)), ("crafts", counts(row.crafts)),
                            ("over", .array(row.over.map(JSONValue.string))),
                        ])
                    })
            ),
            ("inNoTeam", .int(report.inNoTeam)),
            (
                "wideLeads",
                .array(
                    report.wideLeads.map {
                        .object([
                            ("name", .string($0.name)), ("people", .int($0.people)),
                            ("teams", .array($0.teams.map(JSONValue.string))),
                        ])
                    })
            ),
        ])
    }

    package static func markdown(_ report: TeamReport) -> String {
        var out =
            "### Teams on \(report.asOf)\n\n| team | lead | people | levels | crafts | over |\n"
            + "|---|---|---|---|---|---|\n"
        for row in report.rows { out += "| " + cells(row).map(MarkdownText.escape).joined(separator: " | ") + " |\n" }
        out += "\n\(report.inNoTeam) in no team."
        if !report.wideLeads.isEmpty {
            out += " **Leads of more than \(report.span) \(report.span == 1 ? "person" : "people"):** "
            out += report.wideLeads.map { MarkdownText.escape("\($0.name) (\($0.people))") }.joined(separator: ", ")
        }
        return out + "\n"
    }

    package static func csv(_ report: TeamReport) -> String {
        var out = CSVText.row(["team", "id", "lead", "headcount", "levels", "crafts", "over"])
        for row in report.rows {
            out += CSVText.row([
                CSVText.text(row.name), row.id.map(String.init) ?? "", CSVText.text(row.lead), String(row.headcount),
                CSVText.text(counted(row.levels)), CSVText.text(counted(row.crafts)),
                CSVText.text(row.over.joined(separator: "; ")),
            ])
        }
        return out
    }

    // MARK: promotions

    static func cells(_ row: PromotionReport.Row) -> [String] {
        [
            row.name + (row.id.map { " (#\($0))" } ?? ""), row.teams.isEmpty ? "-" : row.teams.joined(separator: ", "),
            row.event?.from?.rawValue ?? "-", row.level.rawValue,
            row.since.description + (row.commit.map { " (git \($0.prefix(8)))" } ?? ""),
        ]
    }

    static func otherCells(_ row: PromotionReport.Row) -> [String] {
        Array(cells(row).prefix(1)) + [row.event?.label ?? ""] + Array(cells(row).dropFirst(3))
    }

    static let header = ["NAME", "TEAM", "FROM", "LEVEL", "SINCE"]
    static let otherHeader = ["NAME", "WHAT", "LEVEL", "SINCE"]

    /// The level changes (promotions with the level before, when the history records it), then
    /// the hires and corrected dates of the period, labelled.
    package static func text(_ report: PromotionReport) -> String {
        var out =
            "\(title(report)), by level start date\(report.fromGit > 0 ? " (or git's day of the change)" : "")\n\n"
        let changes = report.levelChanges, others = report.others
        out += table([header] + changes.map { cells($0).map(TerminalText.escape) })
        if changes.isEmpty { out += "(none)\n" }
        if !others.isEmpty {
            out += "\nNot level changes: a level begun by a hire, or a corrected date\n\n"
            out += table([otherHeader] + others.map { otherCells($0).map(TerminalText.escape) })
        }
        return out + "\n\(footer(report)).\n"
    }

    /// `Level changes from … to …`, and how far the history tells them apart.
    static func title(_ report: PromotionReport) -> String {
        "Level changes from \(report.from) to \(report.asOf)"
    }

    /// `2 promotions, 1 other level change; 1 hire, 1 date correction; 1 states no level start date`:
    /// each part that occurs (promotions always), and the rows no history tells apart.
    static func footer(_ report: PromotionReport) -> String {
        let events = report.rows.compactMap(\.event)
        let promoted = events.filter { if case .promoted = $0 { true } else { false } }.count
        let counts = [
            (events.filter { if case .levelChanged = $0 { true } else { false } }.count, "other level change"),
            (events.filter { $0 == .hired }.count, "hire"),
            (events.filter { $0 == .corrected }.count, "date correction"),
        ]
        var parts = [plural(promoted, "promotion")] + counts.filter { $0.0 > 0 }.map { plural($0.0, $0.1) }
        let unknown = report.rows.count - events.count
        if unknown > 0 {
            let why = report.hasHistory ? "not recorded in git's history" : "no history in git"
            parts.append(
                "\(plural(unknown, "level start date")) in the period (\(why): a hire is not told from a promotion)")
        }
        return (parts + [undated(report)]).joined(separator: "; ")
    }

    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// `1 states no level start date`, and how many of those git dates.
    static func undated(_ report: PromotionReport) -> String {
        let git = report.fromGit > 0 ? ", \(report.fromGit) of them dated by the commit that set their level" : ""
        return "\(report.undated) \(report.undated == 1 ? "states" : "state") no level start date\(git)"
    }

    package static func json(_ report: PromotionReport) -> JSONValue {
        JSONEnvelope.wrap([
            ("since", .string(report.from.description)), ("asOf", .string(report.asOf.description)),
            (
                "people",
                .array(
                    report.rows.map { row in
                        .object(
                            LevelReportRenderer.person(row.name, row.id, row.level, row.since) + [
                                ("teams", .array(row.teams.map(JSONValue.string))),
                                ("change", row.event.map { .string(Self.key($0)) } ?? .null),
                                ("from", row.event?.from.map { .string($0.rawValue) } ?? .null),
                                ("commit", row.commit.map(JSONValue.string) ?? .null),
                            ])
                    })
            ),
            ("undated", .int(report.undated)), ("history", .bool(report.hasHistory)),
        ])
    }

    /// An event's JSON name: `promotion`, `levelChange`, `hire`, `dateCorrection`.
    static func key(_ event: PromotionReport.Event) -> String {
        switch event {
        case .promoted: "promotion"
        case .levelChanged: "levelChange"
        case .hired: "hire"
        case .corrected: "dateCorrection"
        }
    }

    package static func markdown(_ report: PromotionReport) -> String {
        var out = "### \(title(report))\n\n| name | team | from | level | since |\n|---|---|---|---|---|\n"
        for row in report.levelChanges { out += markdownRow(cells(row)) }
        if !report.others.isEmpty {
            out += "\nNot level changes: a level begun by a hire, or a corrected date\n\n"
            out += "| name | what | level | since |\n|---|---|---|---|\n"
            for row in report.others { out += markdownRow(otherCells(row)) }
        }
        return out + "\n\(footer(report)).\n"
    }

    static func markdownRow(_ cells: [String]) -> String {
        "| " + cells.map(MarkdownText.escape).joined(separator: " | ") + " |\n"
    }

    package static func csv(_ report: PromotionReport) -> String {
        var out = CSVText.row(["name", "id", "teams", "change", "from", "level", "levelStartDate", "commit"])
        for row in report.rows {
            out += CSVText.row([
                CSVText.text(row.name), row.id.map(String.init) ?? "", CSVText.text(row.teams.joined(separator: "; ")),
                row.event.map(key) ?? "", row.event?.from?.rawValue ?? "",
                CSVText.text(row.level.rawValue), row.since.description, row.commit ?? "",
            ])
        }
        return out
    }
}
