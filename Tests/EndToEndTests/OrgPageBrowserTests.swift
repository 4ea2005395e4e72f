import Foundation
import RosterModel
import RosterTestSupport
import Testing

/// `roster report site` in a real browser: headless Chromium from Debian (the test command installs
/// it) opens the page of the example roster and of a 2,000-person roster with a git history. No
/// console errors; the search finds "Zoë Müller" typed composed when the file stores the name
/// decomposed; with JavaScript off the page is all there; a screenshot is kept as an artifact.
@Suite(.serialized, .scratchFolder) struct OrgPageBrowserTests {
    /// Where screenshots are kept: `.build/artifacts/` (`docs/org-page.png` with UPDATE_SCREENSHOT=1).
    static let artifacts = TestSupport.packageRoot.appendingPathComponent(".build/artifacts")

    static var chromium: String? {
        [
            "/usr/bin/chromium", "/usr/bin/chromium-headless-shell", "/usr/bin/chromium-browser",
            "/Applications/Chromium.app/Contents/MacOS/Chromium",
            "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
        ].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The browser's run of `url`: what it printed, and the console's messages and errors.
    func browse(_ url: String, _ options: [String]) throws -> (out: String, console: [String], errors: [String]) {
        let browser = try #require(Self.chromium, "headless Chromium is not installed: scripts/setup.sh installs it")
        let profile = ScratchFolder.url.appendingPathComponent("profile-\(UUID().uuidString)")
        let result = try RosterBinary.run(
            [
                browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--enable-logging=stderr",
                "--v=0", "--user-data-dir=\(profile.path)",
            ] + options + [url], direct: true, timeout: 120)
        #expect(result.code == 0, "\(result.stderr.suffix(2000))")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let console = lines.filter { $0.contains(":CONSOLE") }
        let errors = lines.filter {
            $0.contains("Uncaught") || $0.contains("Refused to") || $0.contains("Content Security Policy")
                || ($0.contains(":CONSOLE") && !$0.contains("INFO:CONSOLE"))
        }
        return (result.stdout, console, errors)
    }

    /// The opening tags of the page's person rows, as the browser's DOM has them.
    static func rows(_ dom: String) -> [String] {
        dom.components(separatedBy: "<tr data-key=").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    /// The page of the roster at `paths` (none: where the folder keeps it) on 2026-11-23.
    func page(_ folder: URL, _ paths: [String]) throws -> URL {
        let page = folder.appendingPathComponent("org.html")
        let written = try RosterBinary.run(
            ["report", "site"] + paths + ["--out", page.path, "--as-of", "2026-11-23"],
            environment: ["MPS_TOKEN": "", "MPS_ENDPOINT": ""], directory: folder)
        #expect(written.code == 0, "\(written.stderr)")
        return page
    }

    @Test func theExamplePageSearchesAndReadsWithoutScript() throws {
        let folder = ScratchFolder.url.appendingPathComponent("acme")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let acme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"), encoding: .utf8)
        // The file stores her name decomposed (as a Mac may save it); the search is typed composed.
        let decomposed = "Zoë Müller".decomposedStringWithCanonicalMapping
        try acme.replacingOccurrences(of: "Zoë Müller", with: decomposed)
            .write(to: folder.appendingPathComponent("roster.yaml"), atomically: true, encoding: .utf8)
        let page = try page(folder, ["roster.yaml"])
        let search = try browse(page.absoluteString + "#q=Zo%C3%AB%20M%C3%BCller", ["--dump-dom"])
        #expect(search.errors.isEmpty, "\(search.errors)")
        #expect(search.console.contains { $0.contains("roster page ready in") }, "\(search.console)")
        let shown = Self.rows(search.out).filter { !$0.contains("hidden") }
        #expect(shown.count == 1 && shown.first?.contains("zoë müller") == true, "\(shown)")
        #expect(search.out.contains("1 person found"), "\(search.out.suffix(500))")
        // Without JavaScript: the same page with its one script taken out (headless Chromium's
        // switch that turns scripts off also stops it from reading the page back).
        let html = try String(contentsOf: page, encoding: .utf8)
        let scriptless = folder.appendingPathComponent("scriptless.html")
        let start = try #require(html.range(of: "<script>")), end = try #require(html.range(of: "</script>"))
        try html.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "")
            .write(to: scriptless, atomically: true, encoding: .utf8)
        let plain = try browse(scriptless.absoluteString, ["--dump-dom"])
        #expect(plain.errors.isEmpty && plain.console.isEmpty, "\(plain.errors) \(plain.console)")
        #expect(plain.out.contains("<div id=\"search\" hidden=\"\">"), "the search waits for the script")
        let rows = Self.rows(plain.out)
        #expect(rows.count == 16 && rows.allSatisfy { !$0.contains("hidden") }, "every person, readable: \(rows)")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let shot = Self.artifacts.appendingPathComponent("org-page-acme.png")
        _ = try browse(page.absoluteString, ["--screenshot=\(shot.path)", "--window-size=1280,1500"])
        #expect(FileManager.default.fileExists(atPath: shot.path))
        if ProcessInfo.processInfo.environment["UPDATE_SCREENSHOT"] == "1" {
            let docs = TestSupport.packageRoot.appendingPathComponent("docs/org-page.png")
            try? FileManager.default.removeItem(at: docs)
            try FileManager.default.copyItem(at: shot, to: docs)
        }
    }

    /// 2,000 people with a git history of 24 commits: the page is under 2 MB and ready in the
    /// browser in under a second (as the page itself measures it).
    @Test func aCompanyOf2000WithHistory() throws {
        let repo = ScratchFolder.url.appendingPathComponent("company")
        try FileManager.default.createDirectory(at: repo, withIntermediateDirectories: true)
        let history = HistoryGenerator(repo: repo, seed: 71, start: Day("2026-01-05") ?? .distantPast)
        history.git(["init", "-q", "-b", "main"])
        history.run(commits: 24, people: 2_000)
        let page = try page(repo, [])
        let size = try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int ?? 0
        #expect(size > 0 && size < 2_000_000, "\(size) bytes")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("Headcount at the end of each month") && html.contains("<details><summary>"))
        let opened = try browse(page.absoluteString, ["--dump-dom"])
        #expect(opened.errors.isEmpty, "\(opened.errors)")
        let ready = opened.console.compactMap { line -> Int? in
            guard let range = line.range(of: "roster page ready in ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }.first
        #expect((ready ?? .max) < 1_000, "ready in \(ready.map(String.init) ?? "?") ms")
        let shot = Self.artifacts.appendingPathComponent("org-page-2000.png")
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        _ = try browse(page.absoluteString, ["--screenshot=\(shot.path)", "--window-size=1280,1500"])
    }
}
