import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore

/// What people other than the roster's owner control — a name typed in the MPS app, a file or a
/// link in a commit, a server's answer — never steers roster. A name never writes
/// structure into a roster file, never stops pull, never reaches another program as a formula, a
/// runner command, a mention or a link, and reads back as itself through export, pull and the edits.
@Suite(.serialized, .scratchFolder) struct UntrustedInputEndToEndTests {
    func folder() throws -> URL {
        let url = ScratchFolder.url.appendingPathComponent("untrusted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Creates a person of each name in the sandbox's space (Engineering, Mid, since 2020-01-01).
    func hire(_ names: [String], in sandbox: SandboxProcess) throws {
        for name in names {
            let answer = try sandbox.graphql(
                "mutation($n: String!) { createUser(input: {fullName: $n, craftAbility: Engineering, jobLevel: Mid, "
                    + "craftFocus: Backend, levelStartDate: \"2020-01-01\"}) { id } }", variables: ["n": name])
            #expect(answer["errors"] == nil, "\(answer)")
        }
    }

    /// The live names of the space, as the server holds them.
    func liveNames(_ sandbox: SandboxProcess) throws -> [String] {
        let answer = try sandbox.graphql("{ users { fullName } }")
        let users = (answer["data"] as? [String: Any])?["users"] as? [[String: Any]] ?? []
        return users.compactMap { $0["fullName"] as? String }
    }

    /// Finding 2: YAML reads U+2028 and U+2029 as line breaks; a name holding them is written
    /// escaped by the edit commands, so it is one name, and applied as exactly that name. (U+0085,
    /// YAML's third, is a C1 control: a name may not hold it, and the edit is refused.)
    @Test(arguments: ["\u{2028}", "\u{2029}"])
    func aNameNeverWritesStructure(_ lineBreak: String) throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let roster = dir.appendingPathComponent("roster.yaml")
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"), to: roster)
        let name = ["Zed", "policy:", "  prune: true", "  maxDeletes: 100%", "- {name: Mallory}"].joined(
            separator: lineBreak)
        let hired = try RosterBinary.run(
            ["hire", name, "--craft", "Engineering", "--level", "Mid", roster.path], directory: dir)
        #expect(hired.code == 0, "\(hired.stderr)")
        #expect(!HostileInputTests.hasRawControl(hired.stdout + hired.stderr), "\(hired.stderr.debugDescription)")
        let text = try String(contentsOf: roster, encoding: .utf8)
        #expect(!text.unicodeScalars.contains { [0x2028, 0x2029, 0x85].contains($0.value) }, "\(text)")
        #expect(text.components(separatedBy: "\npolicy:").count == 2, "one policy, acme's own: \(text)")
        let validated = try RosterBinary.run(["validate", roster.path])
        #expect(validated.stdout.contains("17 people"), "\(validated.stdout)\(validated.stderr)")
        let applied = try RosterBinary.run(
            ["apply", "--auto-approve", roster.path], environment: sandbox.environment)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        let names = try liveNames(sandbox)
        #expect(names.contains(name) && !names.contains("Mallory"), "\(names)")
        #expect(names.count == 17, "the demo's 15, acme's Zoë Müller and the hire; nobody deleted: \(names)")
        let nel = try RosterBinary.run(
            ["hire", "Zed\u{85}policy:", "--craft", "Engineering", "--level", "Mid", roster.path], directory: dir)
        #expect(nel.code == 1 && nel.stderr.contains("U+0085"), "\(nel.stderr)")
        #expect(try String(contentsOf: roster, encoding: .utf8) == text, "a refused edit writes nothing")
    }

    /// Findings 4 and 5: names holding line separators or text that looks like an escape are
    /// exported and pulled so that they read back as themselves: export plans clean, pull exits 0.
    @Test func liveNamesNeverStopExportOrPull() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let roster = dir.appendingPathComponent("roster.yaml")
        let exported = try RosterBinary.run(["export", "--out", roster.path], environment: sandbox.environment)
        #expect(exported.code == 0, "\(exported.stderr)")
        let names = [
            "Zed\u{2028}policy:\u{2028}  prune: true", #"Eve\ud83d\ude00"#, #"Lone\ud800"#, #"Quoted "\ud83d\ude00""#,
            #"Back\\slash"#, "Para\u{2029}graph", "Nel\u{85}x", "Ann #1: x",
        ]
        try hire(names, in: sandbox)
        let pull = try RosterBinary.run(["pull", roster.path], environment: sandbox.environment, directory: dir)
        #expect(pull.code == 0, "\(pull.stdout)\(pull.stderr)")
        let planned = try RosterBinary.run(
            ["plan", "--detailed-exitcode", roster.path], environment: sandbox.environment)
        #expect(planned.code == 0, "pulled names read back as themselves: \(planned.stdout)\(planned.stderr)")
        for format in ["yaml", "json"] {
            let file = dir.appendingPathComponent("export.\(format)")
            let again = try RosterBinary.run(
                ["export", "--format", format, "--out", file.path], environment: sandbox.environment)
            #expect(again.code == 0, "\(again.stderr)")
            let clean = try RosterBinary.run(
                ["plan", "--detailed-exitcode", file.path], environment: sandbox.environment)
            #expect(clean.code == 0, "\(format): \(clean.stdout)\(clean.stderr)")
        }
    }

    /// Findings 3 and 6: CSV and JSON reports are inert for spreadsheets and terminals, and no line
    /// of any output (plan, apply, pull, report) is a CI runner's command taken from a name.
    @Test func outputsForOtherProgramsAreInert() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let roster = dir.appendingPathComponent("roster.yaml")
        #expect(try RosterBinary.run(["export", "--out", roster.path], environment: sandbox.environment).code == 0)
        let names = [
            "::warning title=roster::ok", "x ##[group]details", "=HYPERLINK(\"http://evil.example\",\"x\")",
            "Esc\u{1B}]52;c;aGk=\u{7} C1\u{9B}31m \u{202E}x", "  ::add-mask::y",
        ]
        try hire(names, in: sandbox)
        var outputs: [String] = []
        let csv = try RosterBinary.run(
            ["report", "levels", "--live", "--format", "csv"], environment: sandbox.environment)
        #expect(csv.stdout.contains(#""'=HYPERLINK(""http://evil.example"",""x"")""#), "\(csv.stdout)")
        #expect(
            !csv.stdout.contains("\r\n=")
                && !HostileInputTests.hasRawControl(csv.stdout.replacingOccurrences(of: "\r", with: "")))
        let json = try RosterBinary.run(
            ["report", "levels", "--live", "--format", "json"], environment: sandbox.environment)
        #expect(json.stdout.contains(#"Esc\u001b]52;c;aGk=\u0007 C1\u009b31m \u202ex"#), "\(json.stdout)")
        #expect(!HostileInputTests.hasRawControl(json.stdout))
        outputs += [csv.stdout, json.stdout, json.stderr]
        // Pull adopts them, then a promotion of each in the files is planned and applied.
        let pulled = try RosterBinary.run(["pull", roster.path], environment: sandbox.environment, directory: dir)
        #expect(pulled.code == 0, "\(pulled.stderr)")
        var text = try String(contentsOf: roster, encoding: .utf8)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("2020-01-01")
                ? line.replacingOccurrences(of: "level: Mid", with: "level: Senior") : String(line)
        }.joined(separator: "\n")
        try text.write(to: roster, atomically: true, encoding: .utf8)
        for command in [["plan"], ["plan", "--format", "json"], ["apply", "--auto-approve"], ["pull"]] {
            let result = try RosterBinary.run(command + [roster.path], environment: sandbox.environment, directory: dir)
            #expect(result.code == 0, "\(command): \(result.stdout)\(result.stderr)")
            outputs += [result.stdout, result.stderr]
        }
        #expect(outputs.joined().contains("is now Senior"), "the apply report names them")
        for line in outputs.joined(separator: "\n").split(separator: "\n") {
            let start = line.drop { $0 == " " || $0 == "\t" }
            #expect(!start.hasPrefix("::") && !line.contains("##["), "a runner's command: \(line)")
        }
    }

    /// Finding 7: a plan comment escapes entities, mentions, bare links and the rest of inline markup.
    @Test func markdownNeverNotifiesOrLinksFromAName() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let roster = dir.appendingPathComponent("roster.yaml")
        #expect(try RosterBinary.run(["export", "--out", roster.path], environment: sandbox.environment).code == 0)
        try hire(["Eve&#x202E;evil", "@acme/everyone", "see https://evil.example", "~~x~~ $y$"], in: sandbox)
        let plan = try RosterBinary.run(
            ["plan", "--prune", "--format", "markdown", roster.path], environment: sandbox.environment)
        for shown in [
            "Eve&amp;#x202E;evil", "@&#8203;acme/everyone", "see https:&#8203;//evil.example", "\\~\\~x\\~\\~ \\$y\\$",
        ] {
            #expect(plan.stdout.contains(shown), "\(shown): \(plan.stdout)")
        }
        // The chart's labels are in a code block, where the hosts make no mention and no link.
        let prose = plan.stdout.components(separatedBy: "```mermaid").first ?? ""
        #expect(!prose.contains("@acme") && !prose.contains("https://evil"), "\(prose)")
    }

    /// Finding 9: a link planted in a repository (`roster.yaml -> ../outside/…`) is never written
    /// through by export, pull or an edit, unless `--follow-symlinks` says so; a link that stays
    /// inside the repository is followed as before, and `/dev/stdout` is still a place to export to.
    @Test func aPlantedLinkNeverWritesOutsideTheRepository() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let dir = try folder()
        let repo = dir.appendingPathComponent("repo"), outside = dir.appendingPathComponent("outside")
        let fm = FileManager.default
        for folder in [repo.appendingPathComponent(".git"), outside, repo.appendingPathComponent("people")] {
            try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let target = outside.appendingPathComponent("bashrc")
        let acme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"), encoding: .utf8)
        try acme.write(to: target, atomically: true, encoding: .utf8)
        chmod(target.path, 0o755)
        try fm.createSymbolicLink(
            atPath: repo.appendingPathComponent("roster.yaml").path, withDestinationPath: "../outside/bashrc")
        let env = sandbox.environment
        let attempts: [[String]] = [
            ["hire", "Ann Lee", "--craft", "Design", "--level", "Mid"], ["export", "--out", "roster.yaml"], ["pull"],
            ["plan", "--out", "roster.yaml", "people"],
        ]
        try "version: 1\npeople: []\n".write(
            to: repo.appendingPathComponent("people/roster.yaml"), atomically: true, encoding: .utf8)
        for arguments in attempts {
            let result = try RosterBinary.run(arguments, environment: env, directory: repo)
            #expect(result.code == 1, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains("symbolic link to \(target.resolvingSymlinksInPath().path), outside")
                    && result.stderr.contains("--follow-symlinks"), "\(arguments): \(result.stderr)")
            #expect(try String(contentsOf: target, encoding: .utf8) == acme, "\(arguments) wrote through the link")
        }
        let followed = try RosterBinary.run(
            ["hire", "Ann Lee", "--craft", "Design", "--level", "Mid", "--follow-symlinks"], directory: repo)
        #expect(followed.code == 0, "\(followed.stderr)")
        #expect(try String(contentsOf: target, encoding: .utf8).contains("Ann Lee"))
        #expect(try fm.attributesOfItem(atPath: target.path)[.posixPermissions] as? Int == 0o755)
        // A link inside the repository is written through, as before.
        try fm.removeItem(at: repo.appendingPathComponent("roster.yaml"))
        try acme.write(to: repo.appendingPathComponent("people/acme.yaml"), atomically: true, encoding: .utf8)
        try fm.createSymbolicLink(
            atPath: repo.appendingPathComponent("roster.yaml").path, withDestinationPath: "people/acme.yaml")
        let inside = try RosterBinary.run(["hire", "Bo Li", "--craft", "Design", "--level", "Mid"], directory: repo)
        #expect(inside.code == 0, "\(inside.stderr)")
        #expect(
            try String(contentsOf: repo.appendingPathComponent("people/acme.yaml"), encoding: .utf8).contains("Bo Li"))
        let stdout = try RosterBinary.run(["export", "--out", "/dev/stdout"], environment: env, directory: repo)
        #expect(stdout.code == 0 && stdout.stdout.contains("version: 1"), "\(stdout.stderr)")
    }

    /// Finding 10: what a server or a proxy echoes of the request (its Authorization header, the
    /// token) is never printed, in any output; an endpoint with a user and password is refused
    /// without printing them.
    @Test func secretsAreNeverEchoed() throws {
        let token = "sekrit-\(UUID().uuidString)"
        var seen: [String] = []
        for code in ["400", "403", "404", "200"] {
            let server = try HostileServer("echo", [code])
            defer { server.stop() }
            for arguments in [["plan"], ["plan", "--format", "json"], ["auth", "status"], ["export"]] {
                let result = try RosterBinary.run(
                    arguments + (arguments[0] == "plan" ? ["examples/acme.yaml"] : []),
                    environment: ["MPS_ENDPOINT": server.url, "MPS_TOKEN": token],
                    timeout: 120)
                #expect(result.code != 0, "\(code) \(arguments)")
                seen.append(result.stdout + result.stderr)
            }
            #expect(server.events.contains { ($0["authorization"] as? String) == "Bearer \(token)" })
        }
        #expect(seen.joined().contains("***"), "the echoed header is named, its value hidden: \(seen)")
        for output in seen { #expect(!output.contains(token), "\(output)") }
        let userinfo = try RosterBinary.run(
            ["plan", "--verbose", "--endpoint", "https://jane:\(token)@mps.example.com/graphql", "examples/acme.yaml"],
            environment: ["MPS_TOKEN": "t"])
        #expect(
            userinfo.code == 1 && userinfo.stderr.contains("https://***@mps.example.com/graphql"), "\(userinfo.stderr)")
        #expect(!(userinfo.stdout + userinfo.stderr).contains(token) && !userinfo.stderr.contains("jane"))
    }

    /// Finding 10: a space member's e-mail holding a control character (MPS keeps what it is given)
    /// is left out of what export and pull write, with a warning naming the member: the files they
    /// write always load, and the rest of access is written.
    @Test func anEmailARosterCannotHoldIsLeftOutWithAWarning() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_owner", "name": "Jane", "email": "jane@example.com"},
                          {"token": "t-eve", "id": "u_eve", "name": "Eve", "email": "eve\\u001b[2K@example.com"},
                          {"token": "t-sam", "id": "u_sam", "name": "Sam", "email": "sam@example.com"}],
             "members": [{"owner": "u_owner", "member": "u_eve"}, {"owner": "u_owner", "member": "u_sam"}],
             "spaces": {"u_owner": {"people": [{"fullName": "Ana", "craftAbility": "Design", "jobLevel": "Mid",
                                                "craftFocus": "Mobile"}]}}}
            """)
        let dir = try folder()
        let roster = dir.appendingPathComponent("roster.yaml")
        let export = try RosterBinary.run(["export", "--out", roster.path], environment: sandbox.environment)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(export.stderr.contains("the space member \"eve\\u{1B}[2K@example.com\" (Eve)"), "\(export.stderr)")
        #expect(!HostileInputTests.hasRawControl(export.stderr))
        let text = try String(contentsOf: roster, encoding: .utf8)
        #expect(text.contains("- sam@example.com") && !text.contains("2K@"), "\(text)")
        #expect(try RosterBinary.run(["validate", roster.path]).code == 0)
        // Pull writes the same: a member the apps add later is adopted, the unwritable one is named.
        try text.replacingOccurrences(of: "  - sam@example.com\n", with: "  - nobody@example.com\n")
            .write(to: roster, atomically: true, encoding: .utf8)
        let pull = try RosterBinary.run(["pull", roster.path], environment: sandbox.environment, directory: dir)
        #expect(pull.code == 0, "\(pull.stdout)\(pull.stderr)")
        #expect(pull.stderr.contains("the space member \"eve\\u{1B}[2K@example.com\" (Eve)"), "\(pull.stderr)")
        let pulled = try String(contentsOf: roster, encoding: .utf8)
        #expect(pulled.contains("sam@example.com") && !pulled.contains("nobody"), "\(pulled)")
        #expect(try RosterBinary.run(["validate", roster.path]).code == 0)
    }
}
