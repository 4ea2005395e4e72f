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
    /// Any value, nested at most `depth` deep.
    mutating func value(depth: Int) throws(Malformed) -> JSONValue {
        guard depth > 0 else { throw Malformed() }
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
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            if literal("true") { return .bool(true) }
            if literal("false") { return .bool(false) }
            throw Malformed()
        case UInt8(ascii: "n"):
            guard literal("null") else { throw Malformed() }
            return .null
        case nil:
            throw Malformed()
        default:
            let start = i
            while i < bytes.count, "+-.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            if let int = Int(text) { return .int(int) }
            guard let double = Double(text), double.isFinite else { throw Malformed() }
            return .double(double)
        }
    }

    /// Whether `word` comes next; it is read when it does.
    private mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard bytes.count - i >= n else { return false }
        for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
        i += n
        return true
    }
}
