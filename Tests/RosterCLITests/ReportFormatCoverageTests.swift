import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI
@testable import RosterModel

/// Every format of `roster report` (``ReportCommand/Options/Format``, whatever cases it has)
/// carries each row of each report: every person of the levels report with their level (and
/// those without a start date), every team with its lead and the people past the span, every
/// promotion with its level. Names with accents, apostrophes and commas, which CSV quotes and
/// Markdown and JSON escape their own ways. A new format that drops any of it fails here.
@Suite struct ReportFormatCoverageTests {
    static let rosterText = """
        version: 1
        policy: { oneTeamPerPerson: false }
        levels: { Junior: { limitMonths: 12 }, Mid: { limitMonths: 24 } }
        people:
          - { name: "José Núñez", craft: Engineering, level: Junior, levelStartDate: 2024-01-15 }
          - { name: "Zoë O'Brien", craft: Design, level: Mid, levelStartDate: 2026-06-01 }
          - { name: "Ana María Ruiz, Jr.", craft: Engineering, level: Senior, levelStartDate: 2026-09-01 }
          - { name: "Łukasz Wójcik", craft: Engineering, level: Mid }
          - { name: "Søren Åberg", craft: ProductManagement, level: Staff, levelStartDate: 2020-02-01 }
          - { name: "Chloé Dubois", craft: Engineering, level: Junior, levelStartDate: 2026-10-01 }
        teams:
          - { name: "Payments & Ledger <EU>", lead: "Søren Åberg", members: ["José Núñez", "Zoë O'Brien"] }
          - { name: "Crédito, Core", lead: "Søren Åberg", members: ["Ana María Ruiz, Jr.", "Łukasz Wójcik"] }
          - { name: "Mobile_iOS *beta* | v2", lead: "Chloé Dubois", members: [] }
        """

    static func source() throws -> Source {
        let loaded = RosterLoader().load(texts: [("roster.yaml", Array(rosterText.utf8))])
        let valid = loaded.isValid
        #expect(valid, "\(loaded.diagnostics.map(\.message))")
        return .roster(loaded.roster)
    }

    static func options(
        _ report: ReportCommand.Report, _ format: ReportCommand.Options.Format
    ) throws -> ReportCommand.Options {
        let values = ["--format": format.rawValue, "--as-of": "2026-11-27", "--since": "2026-01-01", "--span": "2"]
        return try ReportCommand.Options(ParsedArguments(positionals: [report.rawValue], values: values))
    }

    /// The report as shown, its escapes undone: a JSON document's strings one per line, Markdown's
    /// entities and backslashes undone, else the text.
    static func shown(_ report: ReportCommand.Report, _ format: ReportCommand.Options.Format) throws -> String {
        let text = ReportCommand.render(try options(report, format), try source())
        if format == .markdown {
            return text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: #"\\(.)"#, with: "$1", options: .regularExpression)
        }
        guard format == .json else { return text }
        func strings(_ value: Any) -> [String] {
            switch value {
            case let s as String: [s]
            case let a as [Any]: a.flatMap(strings)
            case let d as [String: Any]: d.values.flatMap(strings)
            case let n as NSNumber: [n.stringValue]
            default: []
            }
        }
        return strings(try JSONSerialization.jsonObject(with: Data(text.utf8))).joined(separator: "\n")
    }

    @Test(arguments: ReportCommand.Options.Format.allCases) func theLevelsReportCarriesEveryone(
        _ format: ReportCommand.Options.Format
    ) throws {
        let report = try Self.source().levels(asOf: Day("2026-11-27") ?? .today, dueMonths: 3, team: nil)
        #expect(report.rows.count == 5 && report.withoutStartDate.count == 1)
        #expect(report.rows.contains { $0.status == .over })
        let shown = try Self.shown(.levels, format)
        for row in report.rows {
            #expect(shown.contains(row.name) && shown.contains(row.level.rawValue), "\(format): \(row.name)")
        }
        for person in report.withoutStartDate { #expect(shown.contains(person.name), "\(format): \(person.name)") }
    }

    @Test(arguments: ReportCommand.Options.Format.allCases) func theTeamsReportCarriesEveryTeam(
        _ format: ReportCommand.Options.Format
    ) throws {
        let report = try Self.source().teams(asOf: Day("2026-11-27") ?? .today, span: 2)
        #expect(report.rows.count == 3 && !report.wideLeads.isEmpty && report.rows.contains { !$0.over.isEmpty })
        let shown = try Self.shown(.teams, format)
        for row in report.rows {
            #expect(shown.contains(row.name) && shown.contains(row.lead), "\(format): \(row.name)")
            for name in row.over { #expect(shown.contains(name), "\(format): \(row.name) over \(name)") }
        }
        for lead in report.wideLeads { #expect(shown.contains(lead.name), "\(format): wide lead \(lead.name)") }
    }

    @Test(arguments: ReportCommand.Options.Format.allCases) func thePromotionsReportCarriesEachPromotion(
        _ format: ReportCommand.Options.Format
    ) throws {
        let report = try Self.source().promotions(
            from: Day("2026-01-01") ?? .today, asOf: Day("2026-11-27") ?? .today, team: nil, recorded: nil)
        #expect(report.rows.count >= 3)
        let shown = try Self.shown(.promotions, format)
        for row in report.rows {
            #expect(shown.contains(row.name) && shown.contains(row.level.rawValue), "\(format): \(row.name)")
        }
    }
}
