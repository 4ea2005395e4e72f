import Foundation
import RosterTestSupport
import Testing

@testable import RosterCLI

@Suite struct ArgumentParserTests {
    let options = [OptionSpec("--format", value: "FORMAT", "f"), OptionSpec("--prune", "p")]

    @Test func valuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["a.yaml", "--format", "json", "--prune", "b", "--format=text", "--", "--prune"], options: options,
            command: "plan")
        #expect(parsed.positionals == ["a.yaml", "b", "--prune"])
        #expect(parsed.values["--format"] == "text")
        #expect(parsed.flag("--prune"))
    }

    /// Numeric options are typed with their range: the parser refuses anything else, naming the
    /// option and the range, before any command runs.
    @Test func numbersAreCheckedWithTheirRange() throws {
        var spec = OptionSpec("--concurrency", value: "N", "n")
        spec.number = (1...64, true, "4")
        #expect(
            throws: UsageError(
                message: "--concurrency takes a whole number from 1 to 64, not `2.5`",
                hint: "for example --concurrency 4")
        ) { try ArgumentParser.parse(["--concurrency", "2.5"], options: [spec], command: "apply") }
        let parsed = try ArgumentParser.parse(["--concurrency", "8"], options: [spec], command: "apply")
        #expect(parsed.values["--concurrency"] == "8")
    }

    /// Every option that takes a DATE is declared a day (``Option/day(_:_:)``): the parser refuses
    /// anything else with one message, before any command runs. The edit commands' `--since` is
    /// the level start date's field option, which also takes `none`.
    @Test func everyDateOptionIsADayTheParserChecks() throws {
        var checked = 0
        for command in RosterCommandLine.commands {
            for spec in command.options where spec.value == "DATE" {
                let field = [EditArguments.since.spec, EditArguments.startDate.spec]
                if field.contains(where: { $0.name == spec.name && $0.help == spec.help }) { continue }
                #expect(spec.day, "\(command.name) \(spec.name)")
                #expect(
                    throws: UsageError(
                        message: "\(spec.name) takes a day as YYYY-MM-DD, not `2026-13-01`",
                        hint: "for example \(spec.name) 2026-01-31")
                ) { try ArgumentParser.parse([spec.name, "2026-13-01"], options: [spec], command: command.name) }
                checked += 1
            }
        }
        #expect(checked >= 8, "--as-of, --since, --until, --on across the commands")
    }

    @Test func unknownOptionSuggestsAndHints() {
        #expect(
            throws: UsageError(
                message: "unknown option `--fromat` for `roster plan`; did you mean `--format`?",
                hint: "run `roster help plan` to see its options")
        ) {
            try ArgumentParser.parse(["--fromat", "json"], options: options, command: "plan")
        }
    }

    @Test func missingValue() {
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["--format"], options: options, command: "plan") }
        #expect(throws: UsageError.self) {
            try ArgumentParser.parse(["--prune=yes"], options: options, command: "plan")
        }
    }

    @Test func dashIsAPositional() throws {
        #expect(try ArgumentParser.parse(["-"], options: options, command: "plan").positionals == ["-"])
    }
}

/// Runs commands in-process with a captured console.
@Suite struct CommandLineTests {
    func run(_ arguments: [String], environment: [String: String] = [:]) async -> (Int32, String, String) {
        let console = CapturingConsole()
        let code = await RosterCommandLine.main(
            arguments, context: CommandContext(console: console, environment: environment))
        return (code.rawValue, console.out, console.err)
    }

    var acme: String { TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml").path }

    @Test func validateValidRoster() async {
        let (code, out, err) = await run(["validate", acme])
        #expect(code == 0)
        #expect(out.hasSuffix("valid roster: 16 people, 5 teams, 2 level limits.\n"))
        #expect(err.isEmpty)
    }

    @Test func validateInvalidRosterExitsOne() async {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/references").path
        let (code, out, err) = await run(["validate", dir + "/roster.yaml"])
        #expect(code == 1)
        #expect(out.isEmpty)
        #expect(err.contains("roster.yaml:13:11: error: unknown person \"Leo Santo\""))
        #expect(err.hasSuffix("4 errors.\n"))
    }

    @Test func validateJSONAndGitHubAnnotations() async throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/references").path
        let (code, out, _) = await run(
            ["validate", "--format", "json", dir + "/roster.yaml"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(code == 1)
        let jsonEnd = try #require(out.range(of: "\n}\n"))
        let json = try JSONSerialization.jsonObject(with: Data(out[..<jsonEnd.upperBound].utf8)) as? [String: Any]
        #expect(json?["errors"] as? Int == 4)
        #expect(out.contains("::error file=\(dir)/roster.yaml,line=13,col=11::unknown person"))
    }

    @Test func defaultPathIsRosterYAML() async {
        let (code, _, err) = await run(["validate"])
        #expect(code == 1)
        #expect(err.contains("roster.yaml: error: no such file or directory"))
    }

    @Test func usageErrorsEndWithAHint() async {
        let (code, _, err) = await run(["valdate"])
        #expect(code == 1)
        #expect(
            err
                == "error: unknown command `valdate`; did you mean `validate`?\nhint: run `roster help` to see the commands\n"
        )
        let (code2, _, err2) = await run(["validate", "--format", "xml"])
        #expect(code2 == 1)
        #expect(err2.hasSuffix("hint: run `roster help validate` to see its options\n"))
    }

    @Test func helpForEveryCommand() async {
        for command in ["validate", "plan", "apply", "export", "auth", "schema", "version", "help"] {
            let (code, out, _) = await run(["help", command])
            #expect(code == 0)
            #expect(out.contains("Usage: roster \(command)"))
            let (code2, out2, _) = await run([command, "--help"])
            #expect(code2 == 0 && out2 == out)
        }
        let (code, out, _) = await run([])
        #expect(code == 0 && out.contains("Commands:"))
    }

    @Test func versionCommand() async {
        let (code, out, _) = await run(["version"])
        #expect(code == 0 && out.hasPrefix("roster \(RosterCommandLine.version) (commit "), "\(out)")
        #expect(out.contains("libyaml 0.") && out.contains("libcurl "), "\(out)")
        let (jsonCode, json, _) = await run(["version", "--format", "json"])
        let fields = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(jsonCode == 0 && fields?["version"] as? String == RosterCommandLine.version, "\(json)")
        #expect(fields?["libyaml"] is String && fields?["libcurl"] is String && fields?.keys.contains("commit") == true)
    }

    @Test func schemaIsDraft2020JSON() async throws {
        let (code, out, _) = await run(["schema"])
        #expect(code == 0)
        let schema = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(
            TestSupport.goldenMismatch(out, TestSupport.goldenRoot.appendingPathComponent("output/schema.json")) == nil)
    }
}
