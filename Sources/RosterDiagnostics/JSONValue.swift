/// A JSON document with ordered keys, so rendered output is stable byte for byte.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered() == rhs.rendered()
    }

    /// Renders the value; `indent` > 0 pretty-prints with that many spaces per level.
    public func rendered(indent: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, depth: 0)
        return out
    }

    private func write(to out: inout String, indent: Int, depth: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .double(let d): out += d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, depth + 1)
                item.write(to: &out, indent: indent, depth: depth + 1)
            }
            newline(&out, indent, depth)
            out += "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in pairs.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, depth + 1)
                JSONValue.writeString(key, to: &out)
                out += indent > 0 ? ": " : ":"
                value.write(to: &out, indent: indent, depth: depth + 1)
            }
            newline(&out, indent, depth)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ indent: Int, _ depth: Int) {
        guard indent > 0 else { return }
        out += "\n"
        out += String(repeating: " ", count: indent * depth)
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Almost every string needs no escaping: append it whole.
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
