/// A pull reader over JSON bytes: the live state is read straight into ``LiveState`` instead of
/// through Foundation's object graph, which costs a user-visible share of `plan` for a large
/// space.
package struct JSONReader {
    package struct Malformed: Error {
        package init() {}
    }

    package let bytes: [UInt8]
    package var i = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    package mutating func peek() -> UInt8? {
        skipSpace()
        return i < bytes.count ? bytes[i] : nil
    }

    package mutating func expect(_ c: UInt8) throws(Malformed) {
        guard peek() == c else { throw Malformed() }
        i += 1
    }

    /// Calls `body` with each key of an object, positioned at the key's value.
    package mutating func object(_ body: (inout JSONReader, String) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { i += 1; return }
        while true {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            guard let c = peek() else { throw Malformed() }
            i += 1
            if c == UInt8(ascii: "}") { return }
            guard c == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    /// Calls `body` for each element of an array, positioned at the element.
    package mutating func array(_ body: (inout JSONReader) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        if peek() == UInt8(ascii: "]") { i += 1; return }
        while true {
            try body(&self)
            guard let c = peek() else { throw Malformed() }
            i += 1
            if c == UInt8(ascii: "]") { return }
            guard c == UInt8(ascii: ",") else { throw Malformed() }
        }
    }

    package mutating func isNull() -> Bool {
        guard peek() == UInt8(ascii: "n"), i + 4 <= bytes.count else { return false }
        i += 4
        return true
    }

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
        guard i > start, i - start < 19 else { throw Malformed() }
        return negative ? -value : value
    }

    package mutating func bool() throws(Malformed) -> Bool {
        skipSpace()
        if bytes.count - i >= 4, bytes[i] == UInt8(ascii: "t") { i += 4; return true }
        if bytes.count - i >= 5, bytes[i] == UInt8(ascii: "f") { i += 5; return false }
        throw Malformed()
    }

    package mutating func optionalString() throws(Malformed) -> String? {
        isNull() ? nil : try string()
    }

    package mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = i
        while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
        guard i < bytes.count else { throw Malformed() }
        if bytes[i] == UInt8(ascii: "\"") {
            defer { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }
        // Escapes: the slow path, rare in names.
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard c == UInt8(ascii: "\\") else { out.append(c); continue }
            guard i < bytes.count else { throw Malformed() }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u")
                {
                    i += 2
                    let low = try hex4()
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low &- 0xDC00)
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
            default: out.append(e)
            }
        }
        throw Malformed()
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        guard i + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i] | 0x20
            i += 1
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(c - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(c - 0x61 + 10)
            default: throw Malformed()
            }
        }
        return value
    }

    /// Skips any value.
    package mutating func skip() throws(Malformed) {
        switch peek() {
        case UInt8(ascii: "{"): try object { reader, _ throws(Malformed) in try reader.skip() }
        case UInt8(ascii: "["): try array { reader throws(Malformed) in try reader.skip() }
        case UInt8(ascii: "\""): _ = try string()
        case nil: throw Malformed()
        default:
            while i < bytes.count, !",}] \n\r\t".utf8.contains(bytes[i]) { i += 1 }
        }
    }
}
