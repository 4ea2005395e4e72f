import Foundation
import Testing

/// Walks the command registry as `roster help --format json` gives it: every option a command
/// lists is accepted by it, the global ones before and after the command; every command with
/// `--format json` prints one versioned document on success and failure alike.
@Suite(.serialized, .scratchFolder) struct RegistryWalkTests {
    struct Command {
        var name: String
        var subcommands: [String]
        var options: [(name: String, value: String?, global: Bool)]
    }

    static func registry() throws -> [Command] {
        let help = try RosterBinary.run(["help", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(help.stdout.utf8)) as? [String: Any])
        #expect(document["format_version"] as? Int == 1)
        let commands = document["commands"] as? [[String: Any]] ?? []
        return commands.map { command in
            Command(
                name: command["name"] as? String ?? "", subcommands: command["subcommands"] as? [String] ?? [],
                options: (command["options"] as? [[String: Any]] ?? []).map {
                    ($0["name"] as? String ?? "", $0["value"] as? String, $0["global"] as? Bool ?? false)
                })
        }
    }

    /// A value the option takes: its first choice, or one of the placeholder's kind.
    static func sample(_ placeholder: String) -> String {
        if placeholder.contains("|") { return String(placeholder.split(separator: "|")[0]) }
        let samples = [
            "URL": "http://127.0.0.1:9/graphql", "SECONDS": "5", "MB": "16", "N": "2", "DATE": "2024-01-01",
            "SEL[,SEL…]": "people", "FILE": "/tmp/roster-walk-out", "DIR": "/tmp",
        ]
        return samples[placeholder] ?? "x"
    }

    @Test func everyListedOptionIsAcceptedAndGlobalOnesInEitherPosition() throws {
        let commands = try Self.registry()
        #expect(commands.count >= 12)
        for command in commands where command.name != "help" {
            let head = [command.name] + command.subcommands.prefix(1)
            for option in command.options {
                let given = [option.name] + (option.value.map { [Self.sample($0)] } ?? [])
                // `--help` after the options: each is parsed, nothing is run.
                var runs = [head + given + ["--help"]]
                if option.global { runs.append(given + head + ["--help"]) }
                for arguments in runs {
                    let result = try RosterBinary.run(arguments)
                    #expect(result.code == 0, "roster \(arguments.joined(separator: " ")): \(result.stderr)")
                    #expect(!result.stderr.contains("unknown option"), "roster \(arguments.joined(separator: " "))")
                }
            }
            let globals = command.options.filter(\.global).map(\.name)
            #expect(
                Set(globals) == [
                    "--no-color", "--color", "--verbose", "--endpoint", "--token-file", "--space",
                    "--profile", "--timeout", "--max-response-mb",
                ], "\(command.name): \(globals)")
        }
    }

    /// One JSON document on standard output, versioned; on failure it names the error's kind.
    func expectEnvelope(_ result: RosterBinary.Result, failed: Bool, _ what: String) {
        let document = (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any]
        #expect(document?["format_version"] as? Int == 1, "\(what): \(result.stdout.prefix(300))")
        #expect((result.code != 0) == failed, "\(what): exit \(result.code)")
        if failed {
            #expect((document?["error"] as? [String: Any])?["kind"] is String, "\(what): \(result.stdout.prefix(300))")
        }
    }

    @Test func everyJSONOutputHasTheEnvelopeOnSuccessAndFailure() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = sandbox.environment
        let missing = ScratchFolder.url.appendingPathComponent("missing.yaml").path
        let commands = try Self.registry().filter { command in
            command.options.contains {
                $0.name == "--format" && ($0.value ?? "").split(separator: "|").contains("json")
            }
        }
        let dry = ["--dry-run", "examples/acme.yaml"]
        let runs: [String: (success: [String], failure: [String])] = [
            "validate": (["examples/acme.yaml"], [missing]),
            "plan": (["examples/acme.yaml"], [missing]),
            "apply": (["--auto-approve", "examples/acme.yaml"], [missing]),
            "report": (["levels", "examples/acme.yaml"], ["levels", missing]),
            "pull": (["--dry-run", "examples/acme.yaml"], ["--dry-run", missing]),
            "diff": (["HEAD", "examples/acme.yaml"], ["no-such-revision", "examples/acme.yaml"]),
            "log": (["--since", "2026-11-01", "examples/acme.yaml"], [missing]),
            "auth": (["status"], ["status", "--endpoint", "ftp://x"]),
            "version": ([], ["--bogus"]),
            // The edit commands, each with --dry-run: the example stays as it is.
            "add": (["team", "Mobile", "--lead", "Hassan Ali"] + dry, ["team", "Mobile"]),
            "hire": (["Ann Lee", "--level", "Mid"] + dry, ["Ann", missing]),
            "move": (["Leo Santos", "--to", "Design Systems"] + dry, ["Leo Santos", missing]),
            "set": (["level", "Staff", "--limit-months", "60"] + dry, ["person", "Nobody"]),
            "rename": (["team", "Design Systems", "Design"] + dry, ["team", "A", "B", missing]),
            "remove": (["team", "Design Systems"] + dry, ["person", "Grace Tanaka", "examples/acme.yaml"]),
            "help": ([], ["nope"]),
        ]
        // A refusal for lack of a terminal is the user's to fix: a usage error.
        let noTerminal = try RosterBinary.run(["apply", "examples/acme.yaml", "--format", "json"], environment: env)
        #expect(noTerminal.stdout.contains("\"kind\": \"usage\""), "\(noTerminal.stdout)")
        for command in commands where command.name != "export" {
            let (success, failure) = try #require(runs[command.name], "no runs for \(command.name)")
            let ok = try RosterBinary.run([command.name] + success + ["--format", "json"], environment: env)
            expectEnvelope(ok, failed: false, "\(command.name) \(success)")
            let bad = try RosterBinary.run([command.name] + failure + ["--format", "json"], environment: env)
            expectEnvelope(bad, failed: true, "\(command.name) \(failure)")
        }
    }
}
