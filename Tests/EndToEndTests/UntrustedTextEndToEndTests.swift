import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore

/// What anyone with access to a space can type — a name — never steers roster: it never writes
/// structure into a roster file, never stops pull, never reaches another program as a formula, a
/// runner command, a mention or a link, and reads back as itself through export, pull and the edits.
@Suite(.serialized, .scratchFolder) struct UntrustedTextEndToEndTests {
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
        let planned = try RosterBinary.run(["plan", "--detailed-exitcode", roster.path], environment: sandbox.environment)
        #expect(planned.code == 0, "pulled names read back as themselves: \(planned.stdout)\(planned.stderr)")
        for format in ["yaml", "json"] {
            let file = dir.appendingPathComponent("export.\(format)")
            let again = try RosterBinary.run(
                ["export", "--format", format, "--out", file.path], environment: sandbox.environment)
            #expect(again.code == 0, "\(again.stderr)")
            let clean = try RosterBinary.run(["plan", "--detailed-exitcode", file.path], environment: sandbox.environment)
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
        let csv = try RosterBinary.run(["report", "levels", "--live", "--format", "csv"], environment: sandbox.environment)
        #expect(csv.stdout.contains(#""'=HYPERLINK(""http://evil.example"",""x"")""#), "\(csv.stdout)")
        #expect(!csv.stdout.contains("\r\n=") && !HostileInputTests.hasRawControl(csv.stdout.replacingOccurrences(of: "\r", with: "")))
        let json = try RosterBinary.run(["report", "levels", "--live", "--format", "json"], environment: sandbox.environment)
        #expect(json.stdout.contains(#"Esc\u001b]52;c;aGk=\u0007 C1\u009b31m \u202ex"#), "\(json.stdout)")
        #expect(!HostileInputTests.hasRawControl(json.stdout))
        outputs += [csv.stdout, json.stdout, json.stderr]
        // Pull adopts them, then a promotion of each in the files is planned and applied.
        let pulled = try RosterBinary.run(["pull", roster.path], environment: sandbox.environment, directory: dir)
        #expect(pulled.code == 0, "\(pulled.stderr)")
        var text = try String(contentsOf: roster, encoding: .utf8)
        text = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.contains("2020-01-01") ? line.replacingOccurrences(of: "level: Mid", with: "level: Senior") : String(line)
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
        let plan = try RosterBinary.run(["plan", "--prune", "--format", "markdown", roster.path], environment: sandbox.environment)
        for shown in [
            "Eve&amp;#x202E;evil", "@&#8203;acme/everyone", "see https:&#8203;//evil.example", "\\~\\~x\\~\\~ \\$y\\$",
        ] {
            #expect(plan.stdout.contains(shown), "\(shown): \(plan.stdout)")
        }
        // The chart's labels are in a code block, where the hosts make no mention and no link.
        let prose = plan.stdout.components(separatedBy: "```mermaid").first ?? ""
        #expect(!prose.contains("@acme") && !prose.contains("https://evil"), "\(prose)")
    }
}
