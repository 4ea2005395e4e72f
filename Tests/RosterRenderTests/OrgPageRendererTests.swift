import Foundation
import RosterModel
import RosterTestSupport
import Testing

@testable import RosterRender

/// The organisation page (`roster report site`): hostile names render as text, nothing may load,
/// the page's structure is its golden file.
@Suite struct OrgPageRendererTests {
    static let hostile = [
        "</script><script>alert(1)</script>", "<img src=x onerror=alert(1)>", "javascript:alert(1)",
        "Eve\u{202E}evil", "Line\u{2028}Break", "\"quoted\" & 'single'", "Zoë Müller",
    ]

    /// A space whose people and team carry the hostile names, with a history and a schedule.
    static func page() -> OrgPage {
        var users = hostile.enumerated().map { i, name in
            LiveUser(
                id: i + 1, name: name, craft: .engineering, level: .mid, focus: .backend, levelStartDate: "2024-01-15")
        }
        users.append(
            LiveUser(id: 99, name: "Ana Lima", craft: .design, level: .staff, focus: .mobile, levelStartDate: nil))
        let team = LiveTeam(id: 7, name: "<b>Team</b> javascript:x", leadID: 1, memberIDs: [1, 2, 3, 4])
        let live = LiveState(
            space: LiveSpace(id: "u_1", name: "Acme <script>", isOwner: true), users: users, teams: [team],
            levels: [(level: .mid, limitMonths: 24)])
        var page = OrgPage(space: live, asOf: Day("2026-11-23") ?? .distantPast, title: live.space.name)
        page.months = [OrgPage.Month(month: "2026-10"), OrgPage.Month(month: "2026-11")]
        page.months?[1].joined = 2
        page.people[2].history = [OrgPage.Dated(day: Day("2026-11-02") ?? .distantPast, event: .left, name: hostile[2])]
        page.scheduled = [
            OrgPage.Dated(day: Day("2027-01-04") ?? .distantPast, event: .joined(teams: ["<i>x</i>"]), name: hostile[0])
        ]
        return page
    }

    @Test func hostileNamesAreText() {
        let html = OrgPageRenderer.html(Self.page())
        #expect(html.components(separatedBy: "<script").count == 2, "one script element, the page's own")
        #expect(!html.contains("<img") && !html.contains("<b>") && !html.contains("<i>"))
        #expect(!html.contains("onerror=") || html.contains("onerror=alert(1)&gt;"))
        #expect(!html.contains("href=\"javascript"), "no data in a URL")
        #expect(!html.contains("\u{202E}") && !html.contains("\u{2028}"), "bidi and line separators made visible")
        #expect(
            html.contains("Eve\\u{202E}evil") && html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
        // Every href is the page's own anchor.
        let hrefs = html.components(separatedBy: "href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(hrefs.allSatisfy { $0.hasPrefix("#t-") || $0 == "#no-team" }, "\(hrefs)")
        // No event handler attribute anywhere (quoted values, escaped text included, set aside).
        let tags = html.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
        #expect(tags.range(of: #"<[a-zA-Z][^>]*\son[a-z]+\s*="#, options: .regularExpression) == nil)
    }

    @Test func nothingMayLoadButThePagesOwnStyleAndScript() {
        let html = OrgPageRenderer.html(Self.page())
        let policy = OrgPageAssets.policy
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">"))
        #expect(policy.hasPrefix("default-src 'none'; style-src 'sha256-") && policy.contains("script-src 'sha256-"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("style=\""))
        #expect(
            html.contains("<style>\(OrgPageAssets.style)</style>")
                && html.contains("<script>\(OrgPageAssets.script)</script>"))
        // The hashes are those of the exact text (checked against a known digest's encoding).
        #expect(OrgPageAssets.hash("abc") == "sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test func thePageMatchesItsGolden() {
        let html = OrgPageRenderer.html(Self.page())
        #expect(
            TestSupport.goldenMismatch(html, TestSupport.goldenRoot.appendingPathComponent("output/site-hostile.html"))
                == nil)
    }
}
