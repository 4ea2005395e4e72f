/// Checks that bytes are strict JSON (RFC 8259): libyaml reads JSON as YAML and so accepts a
/// trailing comma, a comment or a single-quoted string, which a `.json` file must not hold.
/// Only the syntax is checked; the YAML layer then builds the tree. Nesting is bounded (512).
package struct StrictJSONChecker {
    /// Where the first syntax error is, and what it is.
    package struct Failure: Equatable, Sendable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    /// The first syntax error of `bytes`, or nil when they are one JSON value.
    package static func check(_ bytes: [UInt8]) -> Failure? {
        var checker = StrictJSONChecker(bytes: bytes)
        return checker.run()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private enum Container { case object, array }

    private mutating func run() -> Failure? {
        var stack: [Container] = []
        skipSpace()
        while true {
            if let failure = value(&stack) { return failure }
            // After a value: close containers, or a comma and the next member.
            while true {
                skipSpace()
                guard let container = stack.last else {
                    return index == bytes.count ? nil : fail("unexpected text after the JSON value")
                }
                let close: UInt8 = container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if peek == close {
                    index += 1
                    stack.removeLast()
                    continue
                }
                guard peek == UInt8(ascii: ",") else {
                    return fail("expected `,` or `\(Character(Unicode.Scalar(close)))`")
                }
                index += 1
                skipSpace()
                if peek == close { return fail("a trailing comma is not JSON") }
                if container == .object, let failure = key() { return failure }
                break
            }
        }
    }

    /// One value; an opened container is pushed and its first member (or its end) read.
    private mutating func value(_ stack: inout [Container]) -> Failure? {
        skipSpace()
        guard index < bytes.count else { return fail("unexpected end of the file") }
        switch bytes[index] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let isObject = bytes[index] == UInt8(ascii: "{")
            guard stack.count < 512 else { return fail("nested more than 512 deep") }
            index += 1
            skipSpace()
            let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if peek == close {
                index += 1
                return nil
            }
            stack.append(isObject ? .object : .array)
            if isObject, let failure = key() { return failure }
            return value(&stack)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        case UInt8(ascii: "'"): return fail("a single-quoted string is not JSON")
        case UInt8(ascii: "/"), UInt8(ascii: "#"): return fail("a comment is not JSON")
        default: return fail("expected a JSON value")
        }
    }

    /// An object member's key and its colon.
    private mutating func key() -> Failure? {
        skipSpace()
        guard peek == UInt8(ascii: "\"") else {
            if peek == UInt8(ascii: "'") { return fail("a single-quoted string is not JSON") }
            return peek == UInt8(ascii: "/") || peek == UInt8(ascii: "#")
                ? fail("a comment is not JSON") : fail("expected a string key")
        }
        if let failure = string() { return failure }
        skipSpace()
        guard peek == UInt8(ascii: ":") else { return fail("expected `:` after the key") }
        index += 1
        return nil
    }

    private mutating func string() -> Failure? {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return nil
            }
            if byte < 0x20 { return fail("a control character must be escaped in a JSON string") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                if escaped == UInt8(ascii: "u") {
                    let hex = bytes[min(index + 1, bytes.count)..<min(index + 5, bytes.count)]
                    guard hex.count == 4, hex.allSatisfy({ Self.isHex($0) }) else {
                        return fail("`\\u` needs four hex digits")
                    }
                    index += 4
                } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                    return fail("unknown escape in a JSON string")
                }
            }
            index += 1
        }
        return fail("unterminated string")
    }

    private mutating func number() -> Failure? {
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else if !digits() {
            return fail("expected a digit")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return fail("expected a digit after `.`") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return fail("expected a digit in the exponent") }
        }
        return nil
    }

    private mutating func digits() -> Bool {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index > start
    }

    private mutating func literal(_ word: String) -> Failure? {
        guard bytes[index...].starts(with: word.utf8) else { return fail("expected a JSON value") }
        index += word.utf8.count
        return nil
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// The failure at the current position; the column counts characters, not bytes.
    private func fail(_ message: String) -> Failure {
        let column = String(decoding: bytes[lineStart..<min(index, bytes.count)], as: UTF8.self).count + 1
        return Failure(line: line, column: column, message: message)
    }
}
