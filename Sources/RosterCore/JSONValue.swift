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

    /// Appends `s` as a JSON string, quoted and escaped.
    package static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() {
                let escape: StaticString
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0xE2
                where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    // U+2028 and U+2029 are valid in JSON but end lines in JavaScript.
                    out.append(contentsOf: bytes[start..<i])
                    out.append(contentsOf: (bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    start = i + 3
                    continue
                case ..<0x20:
                    out.append(contentsOf: bytes[start..<i])
                    let hex = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: "\\u00".utf8)
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0xF)])
                    start = i + 1
                    continue
                default: continue
                }
                out.append(contentsOf: bytes[start..<i])
                escape.withUTF8Buffer { out.append(contentsOf: $0) }
                start = i + 1
            }
            out.append(contentsOf: bytes[start...])
        }
        out.append(UInt8(ascii: "\""))
    }
}
