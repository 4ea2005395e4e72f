import Foundation
import Testing

@testable import RosterCore

/// The input around a roster, as a hostile or careless user gives it: links and loops, pipes,
/// control characters in names, broken config files, odd endpoints, odd conventions.
@Suite(.serialized, .scratchFolder) struct HostileInputTests {
    func folder() throws -> URL {
        let url = ScratchFolder.url.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let roster = "version: 1\ndefaults: {craft: Design, level: Mid}\npeople: [{name: Ana}, {name: Ben}]\n"

    /// Whether `text` holds a character that must never reach a terminal (newlines aside).
    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && TerminalText.isUnsafe($0) }
    }

    @Test func linksAndLoopsReadEachFileOnceAndNeverHang() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.roster.write(to: dir.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("sub/up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("sub/again").path, withDestinationPath: "../sub")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("self.yaml").path, withDestinationPath: "a.yaml")
        let started = Date()
        let result = try RosterBinary.run(
            ["validate", dir.path, dir.appendingPathComponent("a.yaml").path], timeout: 20)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains("valid roster: 2 people"), "each file once: \(result.stdout)")
        #expect(result.stderr.contains("sub/up: warning: skipped: this directory was already read"), "\(result.stderr)")
        try fm.createSymbolicLink(
            atPath: dir.appendingPathComponent("gone.yaml").path, withDestinationPath: "nowhere.yaml")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("l1.yaml").path, withDestinationPath: "l2.yaml")
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("l2.yaml").path, withDestinationPath: "l1.yaml")
        let broken = try RosterBinary.run(["validate", dir.path])
        #expect(broken.code == 1)
        #expect(
            broken.stderr.contains("gone.yaml: error: the symbolic link leads nowhere (to \"nowhere.yaml\")"),
            "\(broken.stderr)")
        #expect(broken.stderr.contains("l1.yaml: error: the symbolic link loops"))
    }

    @Test func standardInputPipesAndFIFOsAreRosters() throws {
        let dash = try RosterBinary.run(["validate", "-"], stdin: Self.roster)
        #expect(dash.code == 0 && dash.stdout.contains("2 people"), "\(dash.stdout)\(dash.stderr)")
        let devStdin = try RosterBinary.run(["validate", "/dev/stdin"], stdin: Self.roster)
        #expect(devStdin.code == 0 && devStdin.stdout.contains("2 people"), "\(devStdin.stderr)")
        let bad = try RosterBinary.run(["validate", "-"], stdin: "version: 1\npeople: [{name: 1, craft: X}]\n")
        #expect(bad.code == 1 && bad.stderr.contains("<stdin>:2:"), "\(bad.stderr)")
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("roster.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let script = "printf '%s' \"$2\" > \"$1\" & exec \"$0\" validate \"$1\""
        let piped = try RosterBinary.run(
            ["/bin/bash", "-c", script, RosterBinary.path, fifo, Self.roster], direct: true, timeout: 20)
        #expect(piped.code == 0 && piped.stdout.contains("2 people"), "\(piped.stderr)")
    }

    @Test(arguments: [
        "Mallory\r\u{1B}[2K", "Bell\u{7}", "Nul\u{0}x", "abc\u{202E}def", "\u{200B}\u{2060}", "C1\u{85}x", "Del\u{7F}",
    ])
    func controlAndBidiCharactersInNamesAreRefusedAtTheirPosition(_ name: String) throws {
        let escaped = name.unicodeScalars.map { "\\u\(String(format: "%04X", $0.value))" }.joined()
        let text = "version: 1\ndefaults: {craft: Design, level: Mid}\npeople:\n  - name: \"\(escaped)\"\n"
        let result = try RosterBinary.run(["validate", "-"], stdin: text)
        #expect(result.code == 1)
        #expect(result.stderr.contains("<stdin>:4:11: error: name \""), "\(result.stderr)")
        #expect(result.stderr.contains("holds the") || result.stderr.contains("has no visible character"))
        #expect(!Self.hasRawControl(result.stderr), "\(result.stderr.debugDescription)")
    }

    @Test func liveNamesAreEscapedInEveryTextAndMarkdownOutput() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let evil = "Mallory\\r\\u001b[2K\\u202e"
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane \\u001b[31m"}],
             "spaces": {"u_8f3k2": {"people": [{"fullName": "\(evil)", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"},
                                                {"fullName": "Ana", "craftAbility": "Design", "jobLevel": "Mid", "craftFocus": "Mobile"}],
                                     "teams": [{"name": "T\\u0007eam", "lead": 2, "members": [1, 2]}]}}}
            """)
        let env = sandbox.environment
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let roster = dir.appendingPathComponent("r.yaml").path
        try "version: 1\npeople: [{name: Ana, craft: Design, level: Senior}]\nteams: [{name: Core, lead: Ana}]\n"
            .write(toFile: roster, atomically: true, encoding: .utf8)
        for format in ["text", "markdown"] {
            let plan = try RosterBinary.run(["plan", "--prune", "--format", format, roster], environment: env)
            #expect(plan.code == 0, "\(plan.stderr)")
            // Markdown escapes the escape's backslash too (a backslash before punctuation is markup).
            let shown =
                format == "text"
                ? "Mallory\\u{D}\\u{1B}[2K\\u{202E}" : "Mallory\\\\u{D}\\\\u{1B}\\[2K\\\\u{202E}"
            #expect(plan.stdout.contains(shown), "\(plan.stdout)")
            #expect(!Self.hasRawControl(plan.stdout + plan.stderr), "\(format): \(plan.stdout.debugDescription)")
        }
        let apply = try RosterBinary.run(
            ["apply", "--prune", "--auto-approve", "--allow-large-changes", roster], environment: env)
        #expect(apply.stdout.contains("deleteUser \"Mallory\\u{D}\\u{1B}[2K\\u{202E}\" (#1)"), "\(apply.stdout)")
        #expect(!Self.hasRawControl(apply.stdout + apply.stderr), "\(apply.stdout.debugDescription)")
        try sandbox.graphql(
            "mutation { createUser(input: {fullName: \"Eve\\u0007\\u001b]0;x\", craftAbility: Design, jobLevel: Mid, craftFocus: Mobile}) { id } }"
        )
        let export = try RosterBinary.run(["export"], environment: env)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(!Self.hasRawControl(export.stdout + export.stderr), "\(export.stdout.debugDescription)")
    }

    @Test func failuresWithFormatJSONPrintOneJSONDocument() throws {
        let cases: [([String], String)] = [
            (["plan", "--format", "json", "nowhere.yaml"], "invalid-roster"),
            (["plan", "--format", "json", "--bogus"], "usage"),
            (["apply", "--format", "json", "examples/acme.yaml"], "auth"),
            (["plan", "--format", "json", "--endpoint", "ftp://x/graphql", "examples/acme.yaml"], "config"),
        ]
        for (arguments, kind) in cases {
            let result = try RosterBinary.run(
                arguments, environment: ["MPS_TOKEN": arguments.contains("apply") ? "" : "t"])
            #expect(result.code == 1, "\(arguments)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(json?["format_version"] as? Int == 1, "\(arguments): \(result.stdout)")
            #expect((json?["error"] as? [String: Any])?["kind"] as? String == kind, "\(arguments): \(result.stdout)")
            #expect(json?["diagnostics"] is [Any])
        }
    }

    @Test func endpointsAreTakenAsUsersWriteThem() throws {
        let sandbox = try SandboxProcess(arguments: ["--host", "::1"])
        defer { sandbox.stop() }
        #expect(sandbox.url.hasPrefix("http://[::1]:"))
        let env = ["MPS_TOKEN": sandbox.token]
        let ipv6 = try RosterBinary.run(["plan", "--endpoint", sandbox.url, "examples/acme.yaml"], environment: env)
        #expect(ipv6.code == 0, "\(ipv6.stderr)")
        let upper = try RosterBinary.run(
            [
                "plan", "--endpoint", sandbox.url.replacingOccurrences(of: "http://", with: "HTTP://"),
                "examples/acme.yaml",
            ], environment: env)
        #expect(upper.code == 0, "\(upper.stderr)")
        let ftp = try RosterBinary.run(
            ["plan", "--endpoint", "ftp://example.com/graphql", "examples/acme.yaml"], environment: env)
        #expect(
            ftp.code == 1 && ftp.stderr.contains("not ftp://") && !ftp.stderr.contains("plain http"), "\(ftp.stderr)")
        let slash = try RosterBinary.run(
            ["plan", "--endpoint", sandbox.url + "/", "examples/acme.yaml"], environment: env)
        #expect(slash.code == 1 && slash.stderr.contains("HTTP 404: from \(sandbox.url)/"), "\(slash.stderr)")
        let empty = try RosterBinary.run(
            ["plan", "--endpoint", "", "examples/acme.yaml"],
            environment: env.merging(["MPS_ENDPOINT": sandbox.url]) { _, new in new })
        #expect(empty.code == 1 && empty.stderr.contains("--endpoint is empty"), "\(empty.stderr)")
    }

    @Test func brokenConfigFilesAreConfigErrors() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("roster/config.yaml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        let env = ["XDG_CONFIG_HOME": dir.path, "MPS_ENDPOINT": "http://127.0.0.1:9/graphql"]
        let cases = [
            ("", "the config file is empty"), ("- a\n- b\n", "the top level of the config file must be a mapping"),
            (
                "profiles: {x: {tokenFile: tok}}\ndefault: x\n",
                "tok: error: cannot read the token file: No such file or directory"
            ),
        ]
        for (text, expected) in cases {
            try text.write(to: config, atomically: true, encoding: .utf8)
            let result = try RosterBinary.run(["plan", "examples/acme.yaml"], environment: env)
            #expect(result.code == 1 && result.stderr.contains(expected), "\(text): \(result.stderr)")
            #expect(
                !result.stderr.contains("a roster") && !result.stderr.contains("version: 1"),
                "\(text): \(result.stderr)")
        }
        // A relative tokenFile is next to the config file, whatever the working directory.
        try "sekrit\n".write(to: dir.appendingPathComponent("roster/tok"), atomically: true, encoding: .utf8)
        chmod(dir.appendingPathComponent("roster/tok").path, 0o600)
        let relative = try RosterBinary.run(["auth", "status"], environment: env, directory: URL(fileURLWithPath: "/"))
        #expect(relative.stderr.contains("cannot connect to http://127.0.0.1:9/graphql"), "\(relative.stderr)")
        try FileManager.default.removeItem(at: config)
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let directory = try RosterBinary.run(["plan", "examples/acme.yaml"], environment: env)
        #expect(
            directory.code == 1 && directory.stderr.contains("the config file is a directory"), "\(directory.stderr)")
    }

    @Test func conventionsOfGlobalOptionsColourAndErrorCaps() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.yaml")
        let people = (0..<500).map { "  - {name: P\($0), craft: X, level: Mid}" }.joined(separator: "\n")
        try "version: 1\npeople:\n\(people)\n".write(to: bad, atomically: true, encoding: .utf8)
        let before = try RosterBinary.run(["--no-color", "validate", bad.path])
        #expect(before.code == 1)
        #expect(before.stderr.split(separator: "\n").count < 420, "capped")
        #expect(
            before.stderr.contains("… and 300 more (`--format json` lists them all)"), "\(before.stderr.suffix(300))")
        let json = try RosterBinary.run(["validate", "--format", "json", bad.path])
        let all = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(all?["errors"] as? Int == 500)
        let forced = try RosterBinary.run(["validate", "--color", "always", bad.path])
        #expect(forced.stderr.contains("\u{1B}[1;31merror:"))
        func onTerminal(_ env: [String: String]) throws -> String {
            try TerminalRun.run(["validate", bad.path], environment: env).stdout
        }
        #expect(try onTerminal(["NO_COLOR": ""]).contains("\u{1B}[1;31m"), "an empty NO_COLOR leaves colour on")
        #expect(try !onTerminal(["NO_COLOR": "1"]).contains("\u{1B}["))
        #expect(try !onTerminal(["TERM": "dumb"]).contains("\u{1B}["))
    }

    @Test func jsonRostersAreStrictJSON() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = [
            ("{\"version\": 1, \"people\": [],}", "1:29: error: not valid JSON: a trailing comma is not JSON"),
            ("{\"version\": 1,\n  // note\n}", "2:3: error: not valid JSON: a comment is not JSON"),
            ("{'version': 1}", "1:2: error: not valid JSON: a single-quoted string is not JSON"),
        ]
        for (text, expected) in cases {
            let file = dir.appendingPathComponent("r.json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try RosterBinary.run(["validate", file.path])
            #expect(result.code == 1 && result.stderr.contains("r.json:" + expected), "\(result.stderr)")
        }
    }

}
