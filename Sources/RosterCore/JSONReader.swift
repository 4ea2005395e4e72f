/// The one JSON parser, a pull reader over bytes (RFC 8259, strictly: no trailing comma, comment,
/// single quote, raw control character or unknown escape). The live state is read straight into
/// ``LiveState`` through it instead of through Foundation's object graph, which costs a
/// user-visible share of `plan` for a large space; ``JSONValue/init(parsing:maxDepth:)`` builds
/// any document with it, and ``check(_:maxDepth:)`` says where a `.json` roster file stops being
/// JSON.
package struct JSONReader {
    /// What is wrong, and at which byte.
    package struct Malformed: Error {
        var reason: String
        var offset: Int?

        /// A document whose syntax is JSON but whose shape is not the one a decoder expects.
        package init() { self.init("not the expected shape") }

        init(_ reason: String, at offset: Int? = nil) {
            self.reason = reason
            self.offset = offset
        }
    }

    let bytes: [UInt8]
    var i = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func peek() -> UInt8? {
        skipSpace()
        return i < bytes.count ? bytes[i] : nil
    }

    /// A failure at the current byte.
    func fail(_ reason: String) -> Malformed { Malformed(reason, at: i) }

    /// A failure where `expected` should be, named after what is there when it is a common
    /// non-JSON habit (a comment, a single quote) or the end of the text.
    mutating func unexpected(_ expected: String) -> Malformed {
        switch peek() {
        case nil: fail("unexpected end of the file")
        case UInt8(ascii: "'"): fail("a single-quoted string is not JSON")
        case UInt8(ascii: "/"), UInt8(ascii: "#"): fail("a comment is not JSON")
        default: fail(expected)
        }
    }

    mutating func expect(_ c: UInt8) throws(Malformed) {
        guard peek() == c else { throw unexpected("expected `\(Character(Unicode.Scalar(c)))`") }
        i += 1
    }

    /// Calls `body` with each key of an object, positioned at the key's value.
    package mutating func object(_ body: (inout JSONReader, String) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { i += 1; return }
        while true {
            guard peek() == UInt8(ascii: "\"") else { throw unexpected("expected a string key") }
            let key = try string()
            guard peek() == UInt8(ascii: ":") else { throw unexpected("expected `:` after the key") }
            i += 1
            try body(&self, key)
            if try closes(UInt8(ascii: "}")) { return }
        }
    }

    /// Calls `body` for each element of an array, positioned at the element.
    package mutating func array(_ body: (inout JSONReader) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { i += 1; return }
        while true {
            try body(&self)
            if try closes(UInt8(ascii: "]")) { return }
        }
    }

    /// After a member: true at the container's end, false after a comma that another member follows.
    private mutating func closes(_ close: UInt8) throws(Malformed) -> Bool {
        let c = peek()
        if c == close { i += 1; return true }
        guard c == UInt8(ascii: ",") else {
            throw unexpected("expected `,` or `\(Character(Unicode.Scalar(close)))`")
        }
        i += 1
        if peek() == close { throw fail("a trailing comma is not JSON") }
        return false
    }

    mutating func isNull() -> Bool { literal("null") }

    package mutating func int() throws(Malformed) -> Int {
        skipSpace()
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        var value = 0
        let start = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value &* 10 &+ Int(bytes[i] - 0x30)
            i += 1
        }
        guard i > start, i - start < 19 else { throw fail("expected an integer") }
        return negative ? -value : value
    }

    package mutating func bool() throws(Malformed) -> Bool {
        if literal("true") { return true }
        if literal("false") { return false }
        throw unexpected("expected true or false")
    }

    package mutating func optionalString() throws(Malformed) -> String? {
        isNull() ? nil : try string()
    }

    package mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 {
            i += 1
        }
        guard i < bytes.count else { throw fail("unterminated string") }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        // Escapes: the slow path, rare in names.
        return try escapedString(from: Array(bytes[start..<i]))
    }

    private mutating func escapedString(from prefix: [UInt8]) throws(Malformed) -> String {
        var out = prefix
        while i < bytes.count {
            let c = bytes[i]
            if c < 0x20 { throw fail("a control character must be escaped in a JSON string") }
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"): out.append(contentsOf: Array(String(try unicodeEscape()).utf8))
            default:
                i -= 2  // at the backslash
                throw fail("unknown escape in a JSON string")
            }
        }
        throw fail("unterminated string")
    }

    /// The character of a `\u` escape (its `\u` read), a surrogate pair joined; a lone
    /// surrogate reads as U+FFFD.
    private mutating func unicodeEscape() throws(Malformed) -> Character {
        var scalar = try hex4()
        if (0xD800...0xDBFF).contains(scalar), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
            bytes[i + 1] == UInt8(ascii: "u")
        {
            i += 2
            let low = try hex4()
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
        }
        return Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count else { throw fail("`\\u` needs four hex digits") }
            let c = bytes[i] | 0x20
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(c - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(c - 0x61 + 10)
            default: throw fail("`\\u` needs four hex digits")
            }
            i += 1
        }
        return value
    }

    /// Whether `word` comes next; it is read when it does.
    mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let n = word.utf8CodeUnitCount
        guard bytes.count - i >= n else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }

    /// Skips any value.
    package mutating func skip() throws(Malformed) {
        switch peek() {
        case UInt8(ascii: "{"): try object { reader, _ throws(Malformed) in try reader.skip() }
        case UInt8(ascii: "["): try array { reader throws(Malformed) in try reader.skip() }
        case UInt8(ascii: "\""): _ = try string()
        default: _ = try value(depth: 1)
        }
    }
}
