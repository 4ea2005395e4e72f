import Foundation
import RosterTestSupport
import Testing

/// What a repository holds is data (docs/security.md): a bare repository committed inside the
/// roster folder, the repository's own settings, and commit texts that hold git's separators
/// never make roster run a program or tell another history.
@Suite(.serialized, .scratchFolder) struct RepositoryAsDataTests {
    /// A program that only leaves a mark that it ran.
    func evil(_ folder: URL) throws -> (script: String, mark: URL) {
        let mark = folder.appendingPathComponent("EVIL-RAN")
        let script = folder.appendingPathComponent("evil.sh")
        try "#!/bin/sh\necho \"$0 $*\" >> \"\(mark.path)\"\ncat\n".write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        return (script.path, mark)
    }

    func shell(_ script: String, in folder: URL, _ arguments: [String] = []) throws -> String {
        let result = try RosterBinary.run(
            ["/bin/bash", "-c", "set -euo pipefail\n" + script] + arguments,
            environment: [
                "GIT_AUTHOR_NAME": "Ada Admin", "GIT_AUTHOR_EMAIL": "a@x", "GIT_COMMITTER_NAME": "Ada Admin",
                "GIT_COMMITTER_EMAIL": "a@x", "GIT_CONFIG_NOSYSTEM": "1", "HOME": folder.path,
            ], direct: true, directory: folder)
        #expect(result.code == 0, "\(script): \(result.stderr)")
        return result.stdout
    }

    func roster(_ arguments: [String], in folder: URL) throws -> RosterBinary.Result {
        try RosterBinary.run(
            arguments, environment: ["MPS_TOKEN": "", "MPS_ENDPOINT": "", "HOME": folder.path], directory: folder)
    }

    /// A repository of two commits of roster/roster.yaml (Alice, then Bob joins), in `folder/outer`.
    func outer(_ folder: URL) throws -> URL {
        let repo = folder.appendingPathComponent("outer")
        _ = try shell(
            """
            git init -q -b main outer; cd outer; mkdir roster
            printf 'version: 1\\npeople:\\n  - {name: Alice Chen, craft: Engineering, level: Senior}\\n' > roster/roster.yaml
            git add .; git commit -q -m 'Alice joins'
            printf '  - {name: Bob Stone, craft: Design, level: Mid}\\n' >> roster/roster.yaml
            git commit -q -am 'Bob joins'
            """, in: folder)
        return repo
    }

    /// A pull request plants a repository as ordinary files in roster/ — its config names the
    /// folder above as its work tree and asks git to show signatures with the attacker's program,
    /// its one commit (signed, "Approved removal") holds another roster — and a reviewer clones it. Nothing runs, and every history command
    /// tells the clone's own history.
    @Test func aBareRepositoryPlantedInTheRosterFolderRunsNothingAndTellsNothing() throws {
        let folder = ScratchFolder.url.appendingPathComponent("planted")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (script, mark) = try evil(folder)
        let repo = try outer(folder)
        _ = try shell(
            """
            git init -q --bare -b main ../bare
            blob=$(printf 'version: 1\\npeople: []\\n' | git -C ../bare hash-object -w --stdin)
            tree=$(printf '100644 blob %s\\troster.yaml\\n' "$blob" | git -C ../bare mktree)
            commit=$(printf 'tree %s\\nauthor Head of People <h@p> 1577836800 +0000\\ncommitter H <h@p> 1577836800 +0000\\ngpgsig -----BEGIN PGP SIGNATURE-----\\n x\\n -----END PGP SIGNATURE-----\\n\\nApproved removal\\n' "$tree" \\
                | git -C ../bare hash-object -t commit -w --stdin --literally)
            git -C ../bare update-ref refs/heads/main "$commit"
            cp -R ../bare/HEAD ../bare/objects ../bare/refs roster/
            printf '[core]\\n\\tbare = false\\n\\tworktree = ..\\n\\tfsmonitor = %s\\n\\tpager = %s\\n[log]\\n\\tshowSignature = true\\n[gpg]\\n\\tprogram = %s\\n[diff]\\n\\texternal = %s\\n' "$0" "$0" "$0" "$0" > roster/config
            git add -f roster; git commit -q -m 'Typo fix'
            cd ..; git clone -q outer clone
            """, in: repo, [script])
        let clone = folder.appendingPathComponent("clone")
        #expect(try shell("git -C roster log --oneline | cat", in: clone).contains("Approved removal"))
        try FileManager.default.removeItem(at: mark)
        let log = try roster(["log", "roster/", "--format", "json"], in: clone)
        #expect(log.code == 0, "\(log.stderr)")
        #expect(log.stdout.contains("Bob joins") && !log.stdout.contains("Approved removal"), "\(log.stdout)")
        let report = try roster(["report", "promotions", "roster/"], in: clone)
        #expect(report.code == 0, "\(report.stderr)")
        let diff = try roster(["diff", "HEAD~2", "roster/", "--format", "json"], in: clone)
        #expect(diff.code == 0 && diff.stdout.contains("Bob Stone"), "\(diff.stdout)\(diff.stderr)")
        _ = try shell("sed -i 's/Mid/Senior/' roster/roster.yaml; git add roster/roster.yaml", in: clone)
        let staged = try roster(["validate", "--staged", "--", "roster/roster.yaml"], in: clone)
        #expect(staged.code == 0 && staged.stdout.contains("roster/: valid roster: 2 people"), "\(staged.stdout)")
        #expect(
            !FileManager.default.fileExists(atPath: mark.path),
            "a program ran: \((try? String(contentsOf: mark, encoding: .utf8)) ?? "")")
    }

    /// The repository's own settings name a program for every way git can run one while it reads
    /// (signatures, fsmonitor, pager, external diff, textconv, filters, hooks), and its newest
    /// commit is signed: log, diff, report promotions and the pre-commit hook's read run none.
    @Test func theRepositorysOwnSettingsRunNothing() throws {
        let folder = ScratchFolder.url.appendingPathComponent("settings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (script, mark) = try evil(folder)
        let repo = try outer(folder)
        _ = try shell(
            """
            printf '*.yaml filter=evil diff=evil\\n' > .gitattributes; git add .gitattributes
            tree=$(git write-tree)
            signed=$(printf 'tree %s\\nparent %s\\nauthor Ada Admin <a@x> 1790000000 +0000\\ncommitter Ada Admin <a@x> 1790000000 +0000\\ngpgsig -----BEGIN PGP SIGNATURE-----\\n x\\n -----END PGP SIGNATURE-----\\n\\nSigned attributes\\n' "$tree" "$(git rev-parse HEAD)" \\
                | git hash-object -t commit -w --stdin)
            git update-ref refs/heads/main "$signed"
            for key in core.fsmonitor core.pager pager.log pager.diff gpg.program gpg.ssh.program diff.external \\
                diff.evil.textconv diff.evil.command filter.evil.clean filter.evil.smudge filter.evil.process \\
                core.sshCommand; do git config "$key" "$0"; done
            git config log.showSignature true; git config core.hooksPath hooks; git config filter.evil.required true
            mkdir hooks; for hook in post-checkout post-index-change reference-transaction; do cp "$0" "hooks/$hook"; done
            """, in: repo, [script])
        try? FileManager.default.removeItem(at: mark)
        for arguments in [
            ["log", "roster/"], ["log", "--format", "json"], ["diff", "HEAD~2", "roster/"], ["diff", "HEAD~1..HEAD"],
            ["report", "promotions", "roster/"], ["validate", "--staged", "--", "roster/roster.yaml"],
        ] {
            let result = try roster(arguments, in: repo)
            #expect(result.code == 0, "\(arguments): \(result.stdout)\(result.stderr)")
        }
        #expect(
            !FileManager.default.fileExists(atPath: mark.path),
            "a program ran: \((try? String(contentsOf: mark, encoding: .utf8)) ?? "")")
    }

    /// Subjects and author names hold git's old separators (`\x1e`, `\x1f`), other control bytes
    /// and a folded first paragraph: each commit is told once, as itself, with its text escaped on
    /// a terminal and carried as data in JSON — no commit is hidden and none is made up.
    @Test func commitTextsCannotForgeEntries() throws {
        let folder = ScratchFolder.url.appendingPathComponent("forged")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repo = try outer(folder)
        let forged =
            "Typo fix\u{1E}" + String(repeating: "0", count: 40)
            + "\u{1F}2020-01-01T00:00:00+00:00\u{1F}Head of People\u{1F}Approved removal"
        _ = try shell(
            """
            sed -i '/Bob Stone/d' roster/roster.yaml
            GIT_AUTHOR_NAME=$'Mallory\\x1f2020-01-01\\x1eX\\x07Y' git commit -q -am "$0"
            printf '  - {name: Cai Wu, craft: Design, level: Junior}\\n' >> roster/roster.yaml
            git commit -q -am $'First line\\nfolded into the subject\\x1e\\x1f\\n\\nBody'
            """, in: repo, [forged])
        let json = try roster(["log", "--format", "json"], in: repo)
        #expect(json.code == 0, "\(json.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let commits = document?["commits"] as? [[String: Any]] ?? []
        let ids = try shell("git rev-list --reverse HEAD", in: repo).split(separator: "\n").map(String.init)
        #expect(commits.map { $0["commit"] as? String } == ids, "\(json.stdout)")
        #expect(
            commits.map { $0["subject"] as? String } == [
                "Alice joins", "Bob joins", forged, "First line folded into the subject\u{1E}\u{1F}",
            ])
        #expect(commits[2]["author"] as? String == "Mallory\u{1F}2020-01-01\u{1E}X\u{07}Y")
        #expect(commits.allSatisfy { ($0["date"] as? String)?.hasPrefix("2020") == false }, "\(json.stdout)")
        let text = try roster(["log"], in: repo)
        #expect(text.code == 0 && text.stdout.contains("Mallory\\u{1F}2020-01-01\\u{1E}X\\u{7}Y"), "\(text.stdout)")
        #expect(!text.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text.stdout)")
        #expect(text.stdout.contains("Bob Stone") && text.stdout.contains("Cai Wu"), "\(text.stdout)")
    }
}
