/// A JSON document with ordered keys, so rendered output is stable byte for byte.
package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The same value: objects with the same keys in the same order, numbers of equal value.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Renders the value; `indent` > 0 pretty-prints with that many spaces per level.
    package func rendered(indent: Int = 0) -> String {
        String(decoding: renderedBytes(indent: indent), as: UTF8.self)
    }

    /// The rendered value as UTF-8 bytes. Output is built in a byte buffer, not appended to a
    /// `String` piece by piece, which is much slower for large reports (docs/benchmarks.md).
    func renderedBytes(indent: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(to: &out, indent: indent, depth: 0)
        return out
    }

    private func write(to out: inout [UInt8], indent: Int, depth: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): JSONValue.writeInt(i, to: &out)
        case .double(let d):
            out.append(contentsOf: (d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)).utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent, depth + 1)
                item.write(to: &out, indent: indent, depth: depth + 1)
            }
            JSONValue.newline(&out, indent, depth)
            out.append(UInt8(ascii: "]"))
        case .object(let pairs):
            if pairs.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(&out, indent, depth + 1)
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                if indent > 0 { out.append(UInt8(ascii: " ")) }
                value.write(to: &out, indent: indent, depth: depth + 1)
            }
            JSONValue.newline(&out, indent, depth)
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int, _ depth: Int) {
        guard indent > 0 else { return }
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }

    /// Appends `value` as a JSON number.
    package static func writeInt(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var count = 0
        repeat {
            digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            count += 1
        } while magnitude > 0
        for i in (20 - count)..<20 { out.append(digits[i]) }
    }

    /// Appends `s` as a JSON string, quoted and escaped: beside what JSON must escape, every
    /// character that a terminal, a log or a review would act on or hide — DEL, C1, the line and
    /// paragraph separators (line ends to JavaScript), the bidirectional overrides and isolates,
    /// the byte order mark and the noncharacters U+FFFE and U+FFFF — is written as a `\u` escape,
    /// which every reader reads back as it; so is the `[` of `##[`, which a CI runner takes for a
    /// command anywhere in a line.
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                let short: StaticString?
                switch byte {
                case 0x22: short = "\\\""
                case 0x5C: short = "\\\\"
                case 0x0A: short = "\\n"
                case 0x0D: short = "\\r"
                case 0x09: short = "\\t"
                default: short = nil
                }
                let length = short == nil ? escapedLength(bytes, i) : 1
                guard length > 0 else {
                    i += 1
                    continue
                }
                out.append(contentsOf: bytes[start..<i])
                if let short {
                    short.withUTF8Buffer { out.append(contentsOf: $0) }
                } else {
                    appendEscape(decodeScalar(bytes, i, length), to: &out)
                }
                i += length
                start = i
            }
            out.append(contentsOf: bytes[start...])
        }
        out.append(UInt8(ascii: "\""))
    }

    /// The length in bytes of the character at `i` when it is written as a `\u` escape, else 0:
    /// C0 (but those with a short escape), DEL, C1 (C2 80–9F), U+2028, U+2029, U+202A–U+202E
    /// (E2 80 A8–AE), U+2066–U+2069 (E2 81 A6–A9), U+FEFF (EF BB BF), and U+FFFE and U+FFFF
    /// (EF BF BE–BF), which a YAML reader refuses raw (a `.json` roster is read as YAML).
    private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let byte = bytes[i]
        if byte < 0x20 || byte == 0x7F { return 1 }
        // `##[` is a command to a CI runner wherever it stands in a line of the log.
        if byte == 0x5B { return i >= 2 && bytes[i - 1] == 0x23 && bytes[i - 2] == 0x23 ? 1 : 0 }
        guard byte == 0xC2 || byte == 0xE2 || byte == 0xEF, i + 1 < bytes.count else { return 0 }
        let next = bytes[i + 1]
        if byte == 0xC2 { return (0x80...0x9F).contains(next) ? 2 : 0 }
        guard i + 2 < bytes.count else { return 0 }
        let last = bytes[i + 2]
        switch (byte, next) {
        case (0xE2, 0x80): return (0xA8...0xAE).contains(last) ? 3 : 0
        case (0xE2, 0x81): return (0xA6...0xA9).contains(last) ? 3 : 0
        case (0xEF, 0xBB): return last == 0xBF ? 3 : 0
        case (0xEF, 0xBF): return last == 0xBE || last == 0xBF ? 3 : 0
        default: return 0
        }
    }

    /// The scalar value of the one- to three-byte UTF-8 character at `i`.
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int, _ length: Int) -> UInt32 {
        switch length {
        case 1: return UInt32(bytes[i])
        case 2: return UInt32(bytes[i] & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
        default:
            return UInt32(bytes[i] & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
        }
    }

    /// `\uXXXX` (lower-case hex, as JSON writers commonly write it).
    private static func appendEscape(_ value: UInt32, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: "\\u".utf8)
        for shift in stride(from: 12, through: 0, by: -4) { out.append(hex[Int((value >> UInt32(shift)) & 0xF)]) }
    }
}
