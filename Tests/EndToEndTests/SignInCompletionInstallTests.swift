import Foundation
import RosterTestSupport
import Testing

/// Sign-in (`auth login`, `logout`, `status`'s token source), completion scripts loaded in the
/// real shells, and the install script into a temporary prefix.
@Suite(.serialized, .scratchFolder) struct SignInCompletionInstallTests {
    func folder() throws -> URL {
        let url = ScratchFolder.url.appendingPathComponent("signin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func loginStoresACheckedTokenAndLogoutForgetsIt() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let env = ["XDG_CONFIG_HOME": home.path, "MPS_ENDPOINT": sandbox.url]
        let bad = try RosterBinary.run(["auth", "login", "--with-token"], environment: env, stdin: "not-a-token\n")
        #expect(bad.code == 1 && bad.stderr.contains("not a valid session; nothing was stored"), "\(bad.stderr)")
        let tokens = home.appendingPathComponent("roster/tokens")
        #expect(!FileManager.default.fileExists(atPath: tokens.appendingPathComponent("default").path))
        let login = try RosterBinary.run(
            ["auth", "login", "--with-token"], environment: env, stdin: sandbox.token + "\n")
        #expect(
            login.code == 0 && login.stdout.contains("Signed in to \(sandbox.url) as Jane Doe"),
            "\(login.stdout)\(login.stderr)")
        #expect(!login.stdout.contains(sandbox.token) && !login.stderr.contains(sandbox.token))
        let file = tokens.appendingPathComponent("default").path
        let fileMode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        let folderMode = try FileManager.default.attributesOfItem(atPath: tokens.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600 && folderMode == 0o700)
        let status = try RosterBinary.run(["auth", "status", "--format", "json"], environment: env)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect((json["user"] as? [String: Any])?["name"] as? String == "Jane Doe")
        #expect((json["tokenSource"] as? String)?.contains("roster auth login") == true, "\(json)")
        #expect(!status.stdout.contains(sandbox.token))
        let fromEnv = try RosterBinary.run(
            ["auth", "status"], environment: env.merging(["MPS_TOKEN": sandbox.token]) { _, new in new })
        #expect(fromEnv.stdout.contains("Token from the environment (MPS_TOKEN)."), "\(fromEnv.stdout)")
        #expect(try RosterBinary.run(["plan", "examples/acme.yaml"], environment: env).code == 0)
        let logout = try RosterBinary.run(["auth", "logout"], environment: env)
        #expect(
            logout.stdout.contains("the session is ended on the server; the stored token is forgotten"),
            "\(logout.stdout)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func logoutForgetsTheTokenEvenWhenTheServerIsGone() throws {
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        let tokens = home.appendingPathComponent("roster/tokens")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        try "stale\n".write(to: tokens.appendingPathComponent("default"), atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": home.path, "MPS_ENDPOINT": "http://127.0.0.1:9/graphql"]
        let logout = try RosterBinary.run(["auth", "logout"], environment: env)
        #expect(logout.code == 0, "\(logout.stderr)")
        #expect(logout.stdout.contains("could not be ended on the server"), "\(logout.stdout)")
        #expect(logout.stdout.contains("the stored token is forgotten"))
        #expect(!FileManager.default.fileExists(atPath: tokens.appendingPathComponent("default").path))
    }

    /// `roster pl<TAB>`, `roster plan --for<TAB>`, `roster plan --format <TAB>` and
    /// `roster plan --profile <TAB>` in bash, zsh and fish, with the scripts `roster completion`
    /// prints loaded as each shell loads them.
    @Test func completionScriptsWorkInTheRealShells() throws {
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("roster"), withIntermediateDirectories: true)
        try "profiles:\n  eu: {endpoint: https://x.example/graphql}\n  us: {}\n".write(
            to: home.appendingPathComponent("roster/config.yaml"), atomically: true, encoding: .utf8)
        let bin = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        let env = ["PATH": "\(bin):/usr/bin:/bin", "XDG_CONFIG_HOME": home.path]
        let cases: [([String], String)] = [
            (["pl"], "plan"), (["plan", "--for"], "--format"), (["plan", "--format", ""], "text json markdown"),
            (["plan", "--profile", ""], "eu us"),
        ]
        for (words, expected) in cases {
            let bash = """
                source /usr/share/bash-completion/bash_completion 2>/dev/null; source <(roster completion bash)
                COMP_WORDS=(roster \(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count); _roster
                echo "${COMPREPLY[*]}"
                """
            let fromBash = try RosterBinary.run(["/bin/bash", "-c", bash], environment: env, direct: true)
            #expect(fromBash.stdout == expected + "\n", "bash \(words): \(fromBash.stdout)\(fromBash.stderr)")
            let zsh = """
                compdef() { :; }; compadd() { [[ $1 == -a ]] && print -rn -- "${(P)2}" }; _files() { :; }
                source <(roster completion zsh); words=(roster \(words.map { "'\($0)'" }.joined(separator: " "))); CURRENT=\(words.count + 1); _roster; print
                """
            let fromZsh = try RosterBinary.run(["/usr/bin/zsh", "-fc", zsh], environment: env, direct: true)
            #expect(fromZsh.stdout == expected + "\n", "zsh \(words): \(fromZsh.stdout)\(fromZsh.stderr)")
            let line = "roster " + words.joined(separator: " ")
            let fish = "roster completion fish | source; complete --do-complete '\(line)' | string join ' '"
            let fromFish = try RosterBinary.run(["/usr/bin/fish", "-c", fish], environment: env, direct: true)
            // fish sorts what it offers.
            let fishWords = fromFish.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(
                fishWords == expected.split(separator: " ").map(String.init).sorted(),
                "fish \(words): \(fromFish.stdout)\(fromFish.stderr)")
        }
    }

    /// Names of the roster the words name (here the default roster.yaml): a person to move, a team
    /// to move to, `--only person:NAME` (bash splits at the colon), `chart --team`; each shell gets
    /// names with spaces as one word.
    @Test func completionOffersTheRostersNames() throws {
        let home = try folder()
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"),
            to: home.appendingPathComponent("roster.yaml"))
        let bin = URL(fileURLWithPath: RosterBinary.path).deletingLastPathComponent().path
        let env = ["PATH": "\(bin):/usr/bin:/bin", "XDG_CONFIG_HOME": home.path]
        let cases: [(bash: [String], words: [String], names: [String])] = [
            (["move", "Le"], ["move", "Le"], ["Leo Santos"]),
            (["move", "'Leo Santos'", "--to", "Pl"], ["move", "Leo Santos", "--to", "Pl"], ["Platform Infra"]),
            (["plan", "--only", "person", ":", "Al"], ["plan", "--only", "person:Al"], ["person:Alice Chen"]),
            (["chart", "--team", "Da"], ["chart", "--team", "Da"], ["Data & Analytics"]),
            (["remove", "team", "De"], ["remove", "team", "De"], ["Design Systems"]),
        ]
        for (bashWords, words, names) in cases {
            let typed = bashWords.map { $0.hasPrefix("'") ? $0 : "'\($0)'" }.joined(separator: " ")
            let bash = """
                source <(roster completion bash)
                COMP_WORDS=(roster \(typed)); COMP_CWORD=\(bashWords.count); _roster
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let fromBash = try RosterBinary.run(
                ["/bin/bash", "-c", bash], environment: env, direct: true, directory: home)
            let escaped = names.map {
                ($0.split(separator: ":").last.map(String.init) ?? $0).replacingOccurrences(of: " ", with: "\\ ")
                    .replacingOccurrences(of: "&", with: "\\&")
            }
            #expect(
                fromBash.stdout == escaped.map { $0 + "\n" }.joined(),
                "bash \(bashWords): \(fromBash.stdout)\(fromBash.stderr)")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let zsh = """
                compdef() { :; }; compadd() { [[ $1 == -a ]] && print -rl -- "${(@P)2}" }; _files() { :; }
                source <(roster completion zsh); words=(roster \(quoted)); CURRENT=\(words.count + 1); _roster
                """
            let fromZsh = try RosterBinary.run(
                ["/usr/bin/zsh", "-fc", zsh], environment: env, direct: true, directory: home)
            #expect(
                fromZsh.stdout == names.map { $0 + "\n" }.joined(), "zsh \(words): \(fromZsh.stdout)\(fromZsh.stderr)")
            let line = "roster " + words.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
            let fish = "roster completion fish | source; complete --do-complete \"\(line)\""
            let fromFish = try RosterBinary.run(
                ["/usr/bin/fish", "-c", fish], environment: env, direct: true, directory: home)
            #expect(
                fromFish.stdout == names.map { $0 + "\n" }.joined(),
                "fish \(words): \(fromFish.stdout)\(fromFish.stderr)")
        }
    }

    @Test func theInstallScriptInstallsAWorkingRoster() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let prefix = try folder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let script = TestSupport.packageRoot.appendingPathComponent("scripts/install.sh").path
        let configuration = RosterBinary.path.contains("/release/") ? "release" : "debug"
        // The build is the test run's own (a build inside `swift test` would wait for its lock).
        let install = try RosterBinary.run(
            ["/bin/bash", script, "--prefix", prefix.path, "--configuration", configuration, "--skip-build"],
            direct: true)
        #expect(install.code == 0, "\(install.stdout)\(install.stderr)")
        for file in [
            "bin/roster", "share/bash-completion/completions/roster",
            "share/zsh/site-functions/_roster",
            "share/fish/vendor_completions.d/roster.fish",
        ] {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        let roster = prefix.appendingPathComponent("bin/roster").path
        let elsewhere = URL(fileURLWithPath: "/")
        let acme = TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml").path
        let version = try RosterBinary.run([roster, "version"], direct: true, directory: elsewhere)
        #expect(version.stdout.hasPrefix("roster "), "\(version.stdout)")
        #expect(try RosterBinary.run([roster, "validate", acme], direct: true, directory: elsewhere).code == 0)
        let env = sandbox.environment
        let plan = try RosterBinary.run([roster, "plan", acme], environment: env, direct: true, directory: elsewhere)
        #expect(plan.code == 0 && plan.stdout.contains("Plan: 4 to create"), "\(plan.stdout)\(plan.stderr)")
        let removed = try RosterBinary.run(["/bin/bash", script, "--prefix", prefix.path, "--uninstall"], direct: true)
        #expect(removed.code == 0 && !FileManager.default.fileExists(atPath: roster))
    }
}
