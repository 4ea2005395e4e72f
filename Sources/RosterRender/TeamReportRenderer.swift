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
            row.level.rawValue, row.since.description + (row.commit.map { " (git \($0.prefix(8)))" } ?? ""),
        ]
    }

    package static func text(_ report: PromotionReport) -> String {
        let git = report.fromGit > 0 ? " (or the commit that set the level: git)" : ""
        var out = "Level changes from \(report.from) to \(report.asOf), by level start date\(git)\n\n"
        out += table([["NAME", "TEAM", "LEVEL", "SINCE"]] + report.rows.map { cells($0).map(TerminalText.escape) })
        if report.rows.isEmpty { out += "(none)\n" }
        return out + "\n\(report.rows.count) in all; \(undated(report)).\n"
    }

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
                                ("commit", row.commit.map(JSONValue.string) ?? .null),
                            ])
                    })
            ),
            ("undated", .int(report.undated)),
        ])
    }

    package static func markdown(_ report: PromotionReport) -> String {
        var out =
            "### Level changes from \(report.from) to \(report.asOf)\n\n| name | team | level | since |\n"
            + "|---|---|---|---|\n"
        for row in report.rows { out += "| " + cells(row).map(MarkdownText.escape).joined(separator: " | ") + " |\n" }
        return out + "\n\(report.rows.count) in all; \(undated(report)).\n"
    }

    package static func csv(_ report: PromotionReport) -> String {
        var out = CSVText.row(["name", "id", "teams", "level", "levelStartDate", "commit"])
        for row in report.rows {
            out += CSVText.row([
                CSVText.text(row.name), row.id.map(String.init) ?? "", CSVText.text(row.teams.joined(separator: "; ")),
                CSVText.text(row.level.rawValue), row.since.description, row.commit ?? "",
            ])
        }
        return out
    }
}
