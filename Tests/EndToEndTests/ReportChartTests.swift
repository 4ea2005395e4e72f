import Foundation
import RosterTestSupport
import Testing

@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender

/// `roster report levels` and `roster chart`: month arithmetic a person agrees with, every
/// format against golden files, DOT that Graphviz renders (Tests/interop reads the CSV with Python's csv module), and the live
/// variants against the sandbox.
@Suite(.serialized, .scratchFolder) struct ReportChartTests {
    static let fixture = TestSupport.goldenRoot.appendingPathComponent("report/roster.yaml").path

    @Test(arguments: [
        ("2024-01-31", "2024-02-29", 1), ("2024-01-31", "2024-03-01", 1), ("2024-01-31", "2024-02-28", 0),
        ("2023-01-31", "2023-02-28", 1), ("2024-02-29", "2025-02-28", 12), ("2024-02-29", "2025-03-01", 12),
        ("2024-02-29", "2028-02-29", 48), ("2024-03-15", "2024-04-14", 0), ("2024-03-15", "2024-04-15", 1),
        ("2024-12-31", "2025-01-31", 1), ("2024-05-31", "2024-06-30", 1), ("2025-01-01", "2024-12-31", 0),
        ("2020-01-01", "2026-11-23", 82), ("2024-08-31", "2024-09-30", 1),
    ])
    func wholeMonths(_ from: String, _ to: String, _ months: Int) throws {
        let start = try #require(Day(from)), end = try #require(Day(to))
        #expect(start.months(until: end) == months, "\(from) → \(to)")
    }

    /// Every report in every format: a team column and totals (levels), a team's headcount,
    /// levels, crafts, people over and the leads past the span (teams), the level changes of a
    /// period (promotions), and one team's people only (`--team`).
    @Test(arguments: [
        ("levels", "text", "txt"), ("levels", "json", "json"), ("levels", "markdown", "md"), ("levels", "csv", "csv"),
        ("teams", "text", "txt"), ("teams", "json", "json"), ("teams", "markdown", "md"), ("teams", "csv", "csv"),
        ("promotions", "text", "txt"), ("promotions", "json", "json"), ("promotions", "markdown", "md"),
        ("promotions", "csv", "csv"),
    ])
    func reportMatchesGolden(_ report: String, _ format: String, _ ext: String) throws {
        let options = ["teams": ["--span", "1"], "promotions": ["--since", "2024-01-01"]][report] ?? []
        // A copy outside any git repository: what promotions says must not hang on how this
        // checkout was made (a clone, shallow or not, or none).
        let copy = ScratchFolder.url.appendingPathComponent("report-\(report)-\(format).yaml")
        try? FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.fixture), to: copy)
        let result = try RosterBinary.run(
            ["report", report, copy.path, "--as-of", "2026-11-23", "--format", format] + options)
        let golden = "\(report).\(ext)"
        #expect(result.code == 0, "\(result.stderr)")
        #expect(
            TestSupport.goldenMismatch(result.stdout, TestSupport.goldenRoot.appendingPathComponent("report/\(golden)"))
                == nil)
    }

    @Test func aTeamsPeopleOnlyWithTeam() throws {
        let result = try RosterBinary.run([
            "report", "levels", Self.fixture, "--as-of", "2026-11-23", "--team", "Mobile",
        ])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Cy Due") && !result.stdout.contains("Ana Over"), "\(result.stdout)")
        #expect(result.stdout.contains("Totals: 0 over, 1 due, 1 within, 0 no limit; 0 without a level start date."))
        let typo = try RosterBinary.run(["report", "levels", Self.fixture, "--team", "Mobil"])
        #expect(typo.code != 0 && typo.stderr.contains("did you mean \"Mobile\""), "\(typo.stderr)")
    }

    /// The span of control is the roster's `rules.maxSpanOfControl` unless `--span` says otherwise,
    /// and 8 when neither does.
    @Test func theSpanIsTheRulesUnlessSpanIsGiven() throws {
        let text = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let path = try ScratchFolder.roster(text + "\nrules: { maxSpanOfControl: 1, severity: warning }\n")
        let ruled = try RosterBinary.run(["report", "teams", path, "--as-of", "2026-11-23"])
        #expect(ruled.code == 0 && ruled.stdout.contains("Leads of more than 1 person:"), "\(ruled.stdout)")
        let given = try RosterBinary.run(["report", "teams", path, "--as-of", "2026-11-23", "--span", "50"])
        #expect(given.code == 0 && !given.stdout.contains("Leads of more than"), "\(given.stdout)")
        let plain = try RosterBinary.run(["report", "teams", Self.fixture, "--format", "json"])
        #expect(plain.stdout.contains("\"span\": 8"), "\(plain.stdout)")
        let validate = try RosterBinary.run(["validate", path])
        #expect(validate.stderr.contains("rules.maxSpanOfControl 1"), "\(validate.stderr)")
    }

    /// Every chart the tests make, in both formats: golden files, and DOT that Graphviz renders.
    @Test(arguments: ["mermaid", "dot"])
    func chartsMatchGoldenAndRender(_ format: String) throws {
        let result = try RosterBinary.run(["chart", Self.fixture, "--format", format])
        #expect(result.code == 0, "\(result.stderr)")
        #expect(
            TestSupport.goldenMismatch(
                result.stdout,
                TestSupport.goldenRoot.appendingPathComponent("report/chart.\(format == "dot" ? "dot" : "mmd")")) == nil
        )
        let hostile = TeamChart(
            teams: [
                .init(name: "A \"quoted\" <team>\n#1; [x]", lead: "Back\\slash \u{1B}[2K", members: ["Zoë", "O'Brien"])
            ],
            withoutTeam: ["}{"])
        for dot in format == "dot" ? [result.stdout, hostile.dot()] : [] {
            let rendered = try RosterBinary.run(["/usr/bin/env", "dot", "-Tsvg"], stdin: dot, direct: true)
            #expect(rendered.code == 0 && rendered.stdout.contains("<svg"), "\(rendered.stderr)\n\(dot)")
        }
        let one = try RosterBinary.run(["chart", Self.fixture, "--team", "Mobile"])
        #expect(one.stdout.contains("Cy Due") && !one.stdout.contains("Ana Over"))
    }

    /// DOT labels are Graphviz's escStrings: rendered by `dot`, each label reads back as the names
    /// it draws — a team's name, lead and headcount on lines of their own, a name's backslashes,
    /// quotes and Graphviz escapes (`\N`, `\l`) as text, its control characters shown escaped.
    @Test func dotLabelsReadBackAsTheNames() throws {
        let chart = TeamChart(
            teams: [
                .init(name: "Frontend \"Platform\"", lead: "Nils van der Berg", members: ["\\N and \\l", "Zoë"]),
                .init(name: "Line\nbreak", lead: "Back\\slash \u{1B}[2K", members: []),
            ],
            withoutTeam: ["}{"])
        func labels(_ dot: String) throws -> [[String]] {
            let svg = try RosterBinary.run(["/usr/bin/env", "dot", "-Tsvg"], stdin: dot, direct: true)
            #expect(svg.code == 0, "\(svg.stderr)")
            return svg.stdout.components(separatedBy: "class=\"node\"").dropFirst().map { node in
                node.components(separatedBy: "<text ").dropFirst().map { text in
                    let inner = text.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" }
                    return inner.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(
                        of: "&quot;", with: "\""
                    )
                    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                    .replacingOccurrences(of: "&amp;", with: "&")
                }
            }
        }
        #expect(
            try labels(chart.overviewDot()) == [
                ["Frontend \"Platform\"", "★ Nils van der Berg", "3 people"],
                ["Line\\u{A}break", "★ Back\\slash \\u{1B}[2K", "1 person"], ["No team", "1 person"],
            ])
        #expect(
            try labels(chart.dot()) == [
                ["Nils van der Berg"], ["\\N and \\l"], ["Zoë"], ["Back\\slash \\u{1B}[2K"], ["}{"],
            ])
    }

    @Test func liveReportAndChartReadTheSpace() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane"}],
             "spaces": {"u_8f3k2": {"people": [
               {"fullName": "Ana", "craftAbility": "Design", "jobLevel": "Junior", "craftFocus": "Mobile", "levelStartDate": "2024-01-15"},
               {"fullName": "Ben", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"}],
              "teams": [{"name": "Apps", "lead": 1, "members": [1]}], "levels": {"Junior": 18}}}}
            """)
        let env = sandbox.environment
        let report = try RosterBinary.run(
            ["report", "levels", "--live", "--as-of", "2026-11-23", "--format", "json"], environment: env)
        #expect(report.code == 0, "\(report.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let people = json?["people"] as? [[String: Any]]
        #expect(people?.first?["name"] as? String == "Ana" && people?.first?["months"] as? Int == 34)
        #expect(people?.first?["status"] as? String == "over" && people?.first?["id"] as? Int == 1)
        let chart = try RosterBinary.run(["chart", "--live", "--format", "dot"], environment: env)
        #expect(chart.stdout.contains("label=\"Apps\"") && chart.stdout.contains("label=\"Ben\""), "\(chart.stdout)")
        #expect(try RosterBinary.run(["/usr/bin/env", "dot", "-Tsvg"], stdin: chart.stdout, direct: true).code == 0)
    }
}

extension ReportChartTests {
    /// A company's chart: past 50 people the teams alone (lead and headcount), every person with
    /// `--people` or one team's with `--team`; golden files, and DOT that Graphviz renders.
    @Test(arguments: ["mermaid", "dot"])
    func aCompanysChartIsAnOverview(_ format: String) throws {
        let company = TestSupport.goldenRoot.appendingPathComponent("export/company.yaml").path
        let result = try RosterBinary.run(["chart", company, "--format", format])
        #expect(result.code == 0, "\(result.stderr)")
        let golden = TestSupport.goldenRoot.appendingPathComponent(
            "report/chart-company.\(format == "dot" ? "dot" : "mmd")")
        #expect(TestSupport.goldenMismatch(result.stdout, golden) == nil)
        if format == "dot" {
            let rendered = try RosterBinary.run(["/usr/bin/env", "dot", "-Tsvg"], stdin: result.stdout, direct: true)
            #expect(rendered.code == 0 && rendered.stdout.contains("<svg"), "\(rendered.stderr)")
        }
        let everyone = try RosterBinary.run(["chart", company, "--format", format, "--people"])
        #expect(everyone.stdout.count > result.stdout.count * 2)
    }

    /// Namesakes are drawn with their ids, each in their own team, never both under "No team".
    @Test func namesakesAreDrawnWithTheirIDs() throws {
        let roster = try ScratchFolder.roster(
            """
            version: 1
            defaults: {craft: Design, level: Mid}
            people:
              - {name: Maria García, id: 12}
              - {name: Maria García, id: 40}
              - {name: Ana}
              - {name: Bo}
            teams:
              - {name: Web, lead: "Maria García (#12)", members: [Bo]}
              - {name: Apps, lead: Ana, members: ["Maria García (#40)"]}
            """)
        let result = try RosterBinary.run(["chart", roster])
        #expect(result.code == 0, "\(result.stderr)")
        // Mermaid writes `#` as `#35;`.
        #expect(result.stdout.contains("★ Maria García (#35;12)") && result.stdout.contains("Maria García (#35;40)"))
        #expect(!result.stdout.contains("No team"), "\(result.stdout)")
    }
}
