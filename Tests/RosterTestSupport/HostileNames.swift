/// Names anyone with access to a space can type, for the tests that write, read and print them:
/// every character class a writer or a reader treats apart (YAML's line breaks and indicators,
/// control and bidirectional characters, the byte order mark, combining marks, characters beyond
/// U+FFFF) and text that looks like an escape (`\ud83d\ude00`), a CI command (`::warning`) or
/// markup, mixed at random from a seed.
package enum HostileNames {
    /// Pieces a name is made of; each is a class of its own.
    package static let pieces: [String] = [
        "Zoë", "Müller", "Nguyễn", "Łukasz", "Søren", "O'Brien", "Mei", " ", "  ", "Kenji Nu\u{301}n\u{303}ez", "😀",
        "👩‍👩‍👧", "\u{10348}", "\u{2028}", "\u{2029}", "\u{85}", "\u{7}", "\u{1B}[2K", "\u{1B}]52;c;aGk=\u{7}", "\u{9B}31m",
        "\u{7F}", "\t", "\n", "\r\n", "\u{202E}", "\u{2066}", "\u{FEFF}", "\u{200B}", "\u{FFFE}", #"\ud83d\ude00"#,
        #"\ud800"#, #"\U0001F600"#, #"\\"#, "\\", "\"", "'", ": ", " #", "#", "-", "- ", "? ", ":", ",", "[", "]", "{",
        "}", "&a", "*a", "!tag", "|", ">", "%", "@", "`", "---", "...", "<<", "=", "null", "~", "yes", "true", "0042",
        "1e3", "2024-01-01", ".inf", "::warning title=x::ok", "##[group]", "=HYPERLINK(\"http://evil.example\",\"x\")",
        "+1", "@acme/everyone", "&#x202E;", "&amp;", "https://evil.example", "www.evil.example", "~~x~~", "$x$",
        "<b>", "*", "_", "|", "policy:\u{2028}  prune:\u{2028}    true", "\u{0}",
    ]

    /// A name of one to five pieces.
    package static func random(_ rng: inout SplitMix64) -> String {
        let count = Int(rng.next() % 5) + 1
        return (0..<count).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    /// A name of one to five pieces with no leading or trailing white space and none of what a
    /// roster refuses in a name (control and bidirectional characters): a name a roster holds.
    package static func valid(_ rng: inout SplitMix64) -> String {
        while true {
            let name = random(&rng).trimmingWhitespace
            let refused = name.unicodeScalars.contains {
                $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                    || (0x2066...0x2069).contains($0.value)
            }
            let invisible = name.unicodeScalars.allSatisfy {
                $0.properties.isWhitespace || [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF].contains($0.value)
            }
            if !name.isEmpty && !refused && !invisible && !["null", "~"].contains(name) { return name }
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var scalars = Substring.UnicodeScalarView(unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
