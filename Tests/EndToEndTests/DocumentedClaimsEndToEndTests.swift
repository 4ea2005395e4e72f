import Foundation
import Testing

/// What the docs promise and the tool once did otherwise: logout's token, pull's patch, global
/// options, errors that say why and where, pull's appended entries.
@Suite(.serialized, .scratchFolder) struct DocumentedClaimsEndToEndTests {
    func folder() throws -> URL {
        let url = ScratchFolder.url.appendingPathComponent("claims-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func logoutLeavesATokenRosterDidNotStoreAlone() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let home = try folder()
        var env = ["XDG_CONFIG_HOME": home.path, "MPS_ENDPOINT": sandbox.url, "MPS_TOKEN": sandbox.token]
        let logout = try RosterBinary.run(["auth", "logout"], environment: env)
        #expect(logout.code == 1, "\(logout.stdout)")
        #expect(logout.stderr.contains("no login is stored for profile default"), "\(logout.stderr)")
        #expect(logout.stderr.contains("comes from the environment (MPS_TOKEN); roster did not store it"))
        #expect(!logout.stdout.contains("forgotten"))
        #expect(try RosterBinary.run(["auth", "status"], environment: env).code == 0, "the exported token was ended")
        // A config file whose default is another profile: logout acts on that profile's login.
        env["MPS_TOKEN"] = nil
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try "default: work\nprofiles:\n  work: {endpoint: \(sandbox.url)}\n".write(
            to: home.appendingPathComponent("roster/config.yaml"), atomically: true, encoding: .utf8)
        let login = try RosterBinary.run(["auth", "login", "--with-token"], environment: env, stdin: sandbox.token)
        #expect(login.code == 0 && login.stdout.contains("(profile work)"), "\(login.stdout)\(login.stderr)")
        try "other".write(to: home.appendingPathComponent("roster/tokens/default"), atomically: true, encoding: .utf8)
        let out = try RosterBinary.run(["auth", "logout", "--format", "json"], environment: env)
        #expect(out.code == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\"format_version\": 1") && out.stdout.contains("\"profile\": \"work\""))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("roster/tokens/work").path))
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("roster/tokens/default").path))
    }

    @Test func aProfileMayBeOnlyAStoredLogin() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = ["XDG_CONFIG_HOME": try folder().path, "MPS_ENDPOINT": sandbox.url]
        let login = try RosterBinary.run(
            ["auth", "login", "--with-token", "--profile", "work"], environment: env, stdin: sandbox.token)
        #expect(login.code == 0, "\(login.stderr)")
        #expect(try RosterBinary.run(["plan", "--profile", "work", "examples/acme.yaml"], environment: env).code == 0)
        let typo = try RosterBinary.run(["plan", "--profile", "wrok", "examples/acme.yaml"], environment: env)
        #expect(typo.code == 1 && typo.stderr.contains("no login stored for it"), "\(typo.stderr)")
    }

    @Test func pullDryRunIsAPatchGitApplies() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let env = sandbox.environment
        // One line, no final newline: the hunk reaches the end of the file.
        let roster = dir.appendingPathComponent("r.yaml")
        let text =
            "version: 1\ndefaults: {craft: Engineering}\npeople: [{name: Alice Chen, level: Mid, focus: Frontend}]"
        try text.write(to: roster, atomically: true, encoding: .utf8)
        let diff = try RosterBinary.run(["pull", "--dry-run", "r.yaml"], environment: env, directory: dir)
        #expect(diff.code == 0, "\(diff.stderr)")
        try diff.stdout.write(to: dir.appendingPathComponent("p.diff"), atomically: true, encoding: .utf8)
        let check = try RosterBinary.run(
            ["/usr/bin/env", "git", "apply", "--check", "p.diff"], direct: true, directory: dir)
        #expect(check.code == 0, "git apply refuses:\n\(diff.stdout)\n\(check.stderr)")
        let both = try RosterBinary.run(["pull", "--check", "--dry-run", "r.yaml"], environment: env, directory: dir)
        #expect(both.code == 2 && both.stdout == diff.stdout, "\(both.stdout)")
        // Appended people leave out what the file's defaults say, and follow the last entry's spacing.
        #expect(
            diff.stdout.contains("{name: David Kim, level: Junior, focus: Fullstack, levelStartDate: null}"),
            "\(diff.stdout)")
        #expect(
            diff.stdout.contains(
                "{name: Carol Nguyen, craft: Design, level: Mid, focus: NotApplicable, levelStartDate: null}"))
    }

    @Test func globalOptionsWorkOnEveryCommandInEitherPlace() throws {
        for arguments in [
            ["--no-color", "validate", "examples/acme.yaml"], ["report", "levels", "--no-color", "examples/acme.yaml"],
            ["--verbose", "validate", "examples/acme.yaml"], ["schema", "--color", "never"],
        ] {
            let result = try RosterBinary.run(arguments)
            #expect(result.code == 0, "\(arguments): \(result.stderr)")
        }
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = sandbox.environment
        #expect(try RosterBinary.run(["--no-color", "export"], environment: env).code == 0)
        #expect(try RosterBinary.run(["export", "--color", "never"], environment: env).code == 0)
        let help = try RosterBinary.run(["help", "plan"])
        #expect(help.stdout.contains("access:EMAIL") && help.stdout.contains("levels, access"))
    }

    @Test func errorsSayWhyAndWhereBeforeAskingTheServer() throws {
        // An endpoint that is never up: a command that reached it would retry and say so.
        let env = ["MPS_ENDPOINT": "http://127.0.0.1:9/graphql", "MPS_TOKEN": "t"]
        let cases: [([String], String)] = [
            (["help", "--man-dir", "/nonexistent"], "its folder /nonexistent does not exist"),
            (["plan", "--out", "/nonexistent/p.json", "examples/acme.yaml"], "its folder /nonexistent does not exist"),
            (["export", "--out", "missing/dir/r.yaml"], "missing/dir does not exist"),
            (["export", "--out", ""], "cannot write the roster to '': the path is empty"),
            (["plan", "--color", "sometimes", "examples/acme.yaml"], "for `--color` of `roster plan`"),
            (["chart", "--team", "Platform Infr", "examples/acme.yaml"], "did you mean \"Platform Infra\"?"),
        ]
        for (arguments, expected) in cases {
            let result = try RosterBinary.run(arguments, environment: env)
            #expect(result.code == 1, "\(arguments)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("retrying"), "\(arguments) asked the server first")
        }
        let stdin = try RosterBinary.run(["validate", "-"], stdin: "version: 1\n")
        #expect(stdin.stdout.hasPrefix("<stdin>: valid roster"), "\(stdin.stdout)")
    }
}
