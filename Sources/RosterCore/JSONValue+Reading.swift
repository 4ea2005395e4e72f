import Foundation

extension JSONValue {
    /// The JSON document in `data`, its objects' keys in document order; nil when it is not
    /// JSON or nests deeper than `maxDepth`. A saved plan of 10,000 people is 9 MB, which
    /// JSONSerialization took most of a second to turn into objects.
    package init?(parsing data: Data, maxDepth: Int = 256) {
        var reader = JSONReader([UInt8](data))
        do throws(JSONReader.Malformed) {
            let value = try reader.value(depth: maxDepth)
            guard reader.peek() == nil else { return nil }
            self = value
        } catch {
            return nil
        }
    }

    /// The value of `key` when this is an object that has it.
    package subscript(key: String) -> JSONValue? {
        switch self {
        case .object(let pairs): return pairs.first { $0.0 == key }?.1
        default: return nil
        }
    }

    /// This value with every object's keys sorted: two documents that differ only in key order
    /// render the same.
    package var sortingKeys: JSONValue {
        switch self {
        case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.sortingKeys) }.sorted { $0.0 < $1.0 })
        case .array(let items): return .array(items.map(\.sortingKeys))
        default: return self
        }
    }

    package var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    package var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    package var intValue: Int? { if case .int(let i) = self { i } else { nil } }
    /// The strings of an array of strings.
    package var stringsValue: [String]? {
        guard case .array(let items) = self else { return nil }
        var strings: [String] = []
        for item in items {
            guard let s = item.stringValue else { return nil }
            strings.append(s)
        }
        return strings
    }
}

extension JSONReader {
    /// Where `bytes` stop being one JSON value, and why; nil when they are one. A UTF-8 byte order
    /// mark may come first. The column counts characters, not bytes.
    package static func check(_ bytes: [UInt8], maxDepth: Int = 512) -> (line: Int, column: Int, reason: String)? {
        var reader = JSONReader(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.i = 3 }
        do throws(Malformed) {
            _ = try reader.value(depth: maxDepth)
            guard reader.peek() == nil else { throw reader.fail("unexpected text after the JSON value") }
            return nil
        } catch {
            return position(of: error.offset ?? bytes.count, in: bytes, error.reason)
        }
    }

    private static func position(of offset: Int, in bytes: [UInt8], _ reason: String) -> (Int, Int, String) {
        let end = min(offset, bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let line = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return (line, column, reason)
    }

    /// Any value, nested at most `depth` deep.
    mutating func value(depth: Int) throws(Malformed) -> JSONValue {
        guard depth > 0 else { throw fail("nested too deep") }
        switch peek() {
        case UInt8(ascii: "{"):
            var pairs: [(String, JSONValue)] = []
            try object { r, key throws(Malformed) in pairs.append((key, try r.value(depth: depth - 1))) }
            return .object(pairs)
        case UInt8(ascii: "["):
            var items: [JSONValue] = []
            try array { r throws(Malformed) in items.append(try r.value(depth: depth - 1)) }
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try string())
        case let c? where c == UInt8(ascii: "-") || (0x30...0x39).contains(c):
            return try number()
        default:
            if literal("true") { return .bool(true) }
            if literal("false") { return .bool(false) }
            if literal("null") { return .null }
            throw unexpected("expected a JSON value")
        }
    }

    /// A number as RFC 8259 writes it: an integer when it is one that fits, else a double.
    private mutating func number() throws(Malformed) -> JSONValue {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if !digits() {
            throw fail("expected a digit")
        }
        var integral = true
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            integral = false
            guard digits() else { throw fail("expected a digit after `.`") }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            integral = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() else { throw fail("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if integral, let int = Int(text) { return .int(int) }
        guard let double = Double(text), double.isFinite else { throw Malformed("number out of range", at: start) }
        return .double(double)
    }

    private mutating func digits() -> Bool {
        let start = i
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
        return i > start
    }
}
