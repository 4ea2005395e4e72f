import Testing

@testable import RosterFiles
@testable import RosterYAML

/// What pull writes for a name reads back as the same name, and is plain only where that is safe.
@Suite struct YAMLTextTests {
    @Test(arguments: [
        "Zoë Müller", "<<", "=", "yes", "No", "~", "1e3", "0042", ".inf", "2024-01-01", "a: b", "x #y", "- y", "? x",
        "!tag", "%x", "@x", "`x", "{a}", "[b]", "c, d", "end:", " lead", "trail ", "Bell\u{7}", "Mallory\u{1B}[2K",
        "abc\u{202E}def", "quote \"q\"", "back\\slash",
    ])
    func namesReadBackAsThemselves(_ name: String) throws {
        let written = YAMLText.scalar(name, inFlow: true)
        let document = try #require(YAMLLoader().load(Array("{name: \(written)}".utf8), file: "t.yaml").document)
        let root = try #require(document.root)
        #expect(document.string(document.value(root, 0)) == name, "\(written)")
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 || YAMLQuoting.isBidiControl($0) }, "\(written)")
    }

    @Test func plainNamesStayPlain() {
        #expect(YAMLText.scalar("Zoë Müller", inFlow: true) == "Zoë Müller")
        #expect(YAMLText.scalar("<<", inFlow: true) == "\"<<\"")
        #expect(YAMLText.scalar("1e3", inFlow: true) == "\"1e3\"")
    }
}
