import Testing

@testable import RosterCore

/// ``TerminalText``: text from outside never reaches a terminal with a control or
/// bidirectional character in it.
@Suite struct TerminalTextTests {
    @Test func printableTextIsUnchanged() {
        #expect(TerminalText.escape("Ada Lovelace (#4)") == "Ada Lovelace (#4)")
        #expect(TerminalText.escape("Zoë 名前 😀") == "Zoë 名前 😀")
        #expect(TerminalText.isPrintableASCII("plain text ~"))
        #expect(!TerminalText.isPrintableASCII("tab\there"))
    }

    @Test func everyControlAndBidirectionalCharacterIsEscaped() {
        #expect(TerminalText.escape("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(TerminalText.escape("line\nbreak\r") == "line\\u{A}break\\u{D}")
        #expect(TerminalText.escape("del\u{7F} c1\u{85}\u{9F}") == "del\\u{7F} c1\\u{85}\\u{9F}")
        #expect(TerminalText.escape("\u{202E}evil\u{2066}x\u{2069}") == "\\u{202E}evil\\u{2066}x\\u{2069}")
        for value: UInt32 in [0, 0x1F, 0x7F, 0x80, 0x9F, 0x202A, 0x202E, 0x2066, 0x2069] {
            #expect(TerminalText.isUnsafe(Unicode.Scalar(value)!))
        }
        for value: UInt32 in [0x20, 0x7E, 0xA0, 0x2029, 0x202F, 0x2065, 0x206A] {
            #expect(!TerminalText.isUnsafe(Unicode.Scalar(value)!))
        }
    }

    /// A name can never give a CI runner a command: `::` at the start of a line (after white
    /// space, as GitHub's runner reads it) and `##[` anywhere are escaped; the line and paragraph
    /// separators are shown escaped too, though a name may hold them.
    @Test func workflowCommandsAndLineSeparatorsAreInert() {
        #expect(TerminalText.escape("::warning title=roster::ok") == "\\u{3A}:warning title=roster::ok")
        #expect(TerminalText.escape("  ::add-mask::x") == "  \\u{3A}:add-mask::x")
        #expect(TerminalText.escape("x ##[group]details") == "x ##\\u{5B}group]details")
        #expect(TerminalText.escape("Ana :: Ben") == "Ana :: Ben")
        #expect(TerminalText.escape("Zed\u{2028}policy\u{2029}") == "Zed\\u{2028}policy\\u{2029}")
        #expect(!TerminalText.isUnsafe(Unicode.Scalar(0x2028)!), "a name may hold it (validate accepts it)")
    }
}
