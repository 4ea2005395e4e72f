import Foundation
import RosterTestSupport
import Testing

/// `scripts/package.sh` as a user meets its output: the .deb unpacked (and, as root in CI,
/// installed), the tarball installed with its own script, each run without the Swift toolchain,
/// and linted as Debian's tools lint packages and manual pages.
@Suite(.serialized, .scratchFolder) struct PackageTests {
    static let tools = ["dpkg-deb", "dpkg-shlibdeps"].allSatisfy { Self.which($0) != nil }

    static func which(_ tool: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/sbin/"].map { $0 + tool }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs a program with a system-only environment: no Swift toolchain on PATH or LD_LIBRARY_PATH.
    func system(_ arguments: [String], directory: URL = TestSupport.packageRoot) throws -> RosterBinary.Result {
        try RosterBinary.run(
            [
                "/usr/bin/env", "-i", "PATH=/usr/bin:/bin:/usr/sbin:/sbin", "HOME=\(ScratchFolder.url.path)",
                "MANPAGER=cat",
                "TERM=dumb",
            ] + arguments, direct: true, timeout: 120, directory: directory)
    }

    @Test(.enabled(if: tools, "dpkg-deb and dpkg-shlibdeps (Debian's dpkg-dev) are needed to build the package"))
    func thePackagesInstallAndRunWithoutTheToolchain() throws {
        let dist = ScratchFolder.url.appendingPathComponent("dist")
        let built = try RosterBinary.run(
            ["scripts/package.sh", "--scratch-path", ".build-package", "--dist", dist.path], direct: true,
            timeout: 1800)
        #expect(built.code == 0, "\(built.stdout)\(built.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dist.path)
        let deb = try #require(files.first { $0.hasSuffix(".deb") })
        let tarball = try #require(files.first { $0.hasSuffix(".tar.gz") })
        #expect(try system(["sha256sum", "-c", "SHA256SUMS"], directory: dist).code == 0)
        let root = ScratchFolder.url.appendingPathComponent("root")
        #expect(try system(["dpkg-deb", "-x", dist.appendingPathComponent(deb).path, root.path]).code == 0)
        try checkRuns(root.appendingPathComponent("usr"))
        if let lintian = Self.which("lintian") {
            let lint = try system([lintian, "--fail-on", "error,warning", dist.appendingPathComponent(deb).path])
            #expect(lint.code == 0, "\(lint.stdout)\(lint.stderr)")
        }
        let unpacked = ScratchFolder.url.appendingPathComponent("tar")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        #expect(try system(["tar", "-xzf", dist.appendingPathComponent(tarball).path, "-C", unpacked.path]).code == 0)
        let folder = unpacked.appendingPathComponent(String(tarball.dropLast(".tar.gz".count)))
        let prefix = ScratchFolder.url.appendingPathComponent("prefix")
        let installed = try system([
            "/bin/sh", folder.appendingPathComponent("install.sh").path, "--prefix", prefix.path,
        ])
        #expect(installed.code == 0, "\(installed.stdout)\(installed.stderr)")
        try checkRuns(prefix)
        try installForTheAction(dist, tarball: tarball)
        if getuid() == 0, ProcessInfo.processInfo.environment["CI"] == "true" {
            try installWithDpkg(dist.appendingPathComponent(deb).path)
            try installForTheGitLabComponent(
                dist, version: String(tarball.dropFirst("roster-".count).prefix { $0 != "-" }))
        }
    }

    /// The binary under `prefix` runs, links nothing of the toolchain, and its pages read and lint clean.
    func checkRuns(_ prefix: URL) throws {
        let roster = prefix.appendingPathComponent("bin/roster").path
        let version = try system([roster, "version"])
        #expect(version.code == 0 && version.stdout.hasPrefix("roster "), "\(version.stdout)\(version.stderr)")
        let valid = try system([roster, "validate", "examples/acme.yaml"])
        #expect(valid.code == 0 && valid.stdout.contains("valid roster"), "\(valid.stdout)\(valid.stderr)")
        let libraries = try system(["ldd", roster])
        #expect(
            !libraries.stdout.contains("not found") && !libraries.stdout.contains("/opt/swift"), "\(libraries.stdout)")
        let man = prefix.appendingPathComponent("share/man/man1")
        let page = try system(["man", "-l", man.appendingPathComponent("roster-plan.1.gz").path])
        #expect(page.code == 0 && page.stdout.contains("--detailed-exitcode"), "\(page.stdout)\(page.stderr)")
        guard let mandoc = Self.which("mandoc") else { return }
        for file in try FileManager.default.contentsOfDirectory(atPath: man.path) where file.hasPrefix("roster") {
            let lint = try system([mandoc, "-T", "lint", "-W", "warning", man.appendingPathComponent(file).path])
            #expect(lint.code == 0 && lint.stdout.isEmpty, "\(file): \(lint.stdout)\(lint.stderr)")
        }
    }

    /// The GitHub Action's installer: the tarball checked against SHA256SUMS, installed, put on the
    /// PATH, found in the cache the next time; a tarball that does not match is refused.
    func installForTheAction(_ dist: URL, tarball: String) throws {
        let version = String(tarball.dropFirst("roster-".count).prefix { $0 != "-" })
        let home = ScratchFolder.url.appendingPathComponent("action-home")
        let githubPath = ScratchFolder.url.appendingPathComponent("github-path")
        let install = "scripts/action/install.sh"
        let environment = [
            "ROSTER_VERSION=\(version)", "ROSTER_PACKAGE_URL=\(dist.path)", "ROSTER_HOME=\(home.path)",
            "GITHUB_PATH=\(githubPath.path)",
        ]
        let first = try system(environment + ["bash", install])
        #expect(
            first.code == 0 && first.stdout.contains("Installed roster \(version)"), "\(first.stdout)\(first.stderr)")
        #expect(try String(contentsOf: githubPath, encoding: .utf8) == home.path + "/bin\n")
        #expect(try system([home.path + "/bin/roster", "validate", "examples/acme.yaml"]).code == 0)
        #expect(try system(environment + ["bash", install]).stdout.contains("is cached"))
        // A tampered download.
        let tampered = ScratchFolder.url.appendingPathComponent("tampered")
        try FileManager.default.copyItem(at: dist, to: tampered)
        let handle = try FileHandle(forWritingTo: tampered.appendingPathComponent(tarball))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        let other = ScratchFolder.url.appendingPathComponent("action-home-2")
        let refused = try system(
            [
                "ROSTER_VERSION=\(version)", "ROSTER_PACKAGE_URL=\(tampered.path)",
                "ROSTER_HOME=\(other.path)", "bash",
                install,
            ])
        #expect(
            refused.code == 1 && refused.stderr.contains("does not match the release's SHA256SUMS"), "\(refused.stderr)"
        )
        #expect(!FileManager.default.fileExists(atPath: other.appendingPathComponent("bin/roster").path))
    }

    /// `dpkg -i`, the installed commands and bash completion, then `dpkg -r` leaving no file behind.
    func installWithDpkg(_ deb: String) throws {
        #expect(try system(["dpkg", "-i", deb]).code == 0)
        let files = try system(["dpkg", "-L", "roster"]).stdout.split(separator: "\n").map(String.init)
        try checkRuns(URL(fileURLWithPath: "/usr"))
        let completion = try system([
            "bash", "-c",
            "source /usr/share/bash-completion/completions/roster; COMP_WORDS=(roster pl); COMP_CWORD=1; "
                + "_roster; echo \"${COMPREPLY[*]}\"",
        ])
        #expect(completion.stdout.contains("plan"), "\(completion.stdout)\(completion.stderr)")
        #expect(try system(["dpkg", "-r", "roster"]).code == 0)
        let left = files.filter { $0.hasPrefix("/usr/") && FileManager.default.fileExists(atPath: $0) }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        #expect(left.isEmpty, "dpkg -r left \(left)")
    }

    /// The GitLab CI/CD component's install step, run as its job runs it (its script taken from
    /// templates/roster.yml): the .deb checked against SHA256SUMS and installed with apt, which
    /// leaves the shared loop where the component's next step runs it.
    func installForTheGitLabComponent(_ dist: URL, version: String) throws {
        let extract = """
            import sys, yaml
            documents = list(yaml.safe_load_all(open("templates/roster.yml")))
            print(documents[1]["roster-$[[ inputs.command ]]"]["script"][0])
            """
        let script = try RosterBinary.run(["/usr/bin/env", "python3", "-c", extract], direct: true)
        #expect(script.code == 0 && script.stdout.contains("sha256sum -c"), "\(script.stderr)")
        // The inputs are written into the script when GitLab includes the component.
        let included = script.stdout.replacingOccurrences(of: "$[[ inputs.version ]]", with: version)
            .replacingOccurrences(of: "$[[ inputs.package-url ]]", with: "file://\(dist.path)")
        let installed = try system(["bash", "-c", included])
        #expect(installed.code == 0 && installed.stdout.hasPrefix("roster "), "\(installed.stdout)\(installed.stderr)")
        let loop = "/usr/share/roster/ci/loop.sh"
        let validated = try system(["ROSTER_PATH=examples/acme.yaml", "bash", loop, "gitlab", "run", "validate"])
        #expect(validated.code == 0 && validated.stdout.contains("valid roster"), "\(validated.stderr)")
        #expect(try system(["dpkg", "-r", "roster"]).code == 0)
    }
}
