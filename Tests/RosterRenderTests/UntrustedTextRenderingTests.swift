import Testing

@testable import RosterRender

/// Names in outputs other programs read: a spreadsheet never runs a cell, a pull-request comment
/// never notifies, links or reorders from a name.
@Suite struct UntrustedTextRenderingTests {
    @Test(arguments: [
        ("=HYPERLINK(\"http://evil.example\",\"x\")", #""'=HYPERLINK(""http://evil.example"",""x"")""#),
        ("+1", "'+1"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\tTab", "\\u{9}Tab"), ("\rCR", "\\u{D}CR"),
        ("Esc\u{1B}]52;c;aGk=\u{7}", "Esc\\u{1B}]52;c;aGk=\\u{7}"), ("C1\u{9B}31m", "C1\\u{9B}31m"),
        ("a\u{202E}b", "a\\u{202E}b"), ("Zoë, Müller", "\"Zoë, Müller\""), ("Ana", "Ana"),
    ])
    func csvTextCellsAreInert(_ name: String, _ cell: String) {
        #expect(CSVText.text(name) == cell)
    }

    @Test(arguments: [
        ("Eve&#x202E;evil", "Eve&amp;#x202E;evil"), ("@acme/everyone", "@&#8203;acme/everyone"),
        ("see https://evil.example", "see https:&#8203;//evil.example"),
        ("WWW.evil.example", "WWW&#8203;.evil.example"),
        ("~~x~~", "\\~\\~x\\~\\~"), ("$x$", "\\$x\\$"), ("a\\|b", "a\\\\\\|b"), ("<b>", "&lt;b&gt;"),
        ("**bold** _x_ `c` [l](u)", "\\*\\*bold\\*\\* \\_x\\_ \\`c\\` \\[l\\](u)"),
        ("x ##[group]", "x ##\\\\u{5B}group\\]"),
    ])
    func markdownTextIsInert(_ name: String, _ shown: String) {
        #expect(MarkdownText.escape(name) == shown)
    }

    @Test func codeSpansCannotBeClosedByTheirText() {
        #expect(MarkdownText.code("u_8f3k2") == "`u_8f3k2`")
        #expect(MarkdownText.code("a`b\nc") == "`ab\\u{A}c`")
    }
}
