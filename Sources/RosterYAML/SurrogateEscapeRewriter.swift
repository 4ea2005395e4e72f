import RosterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rewrites JSON's UTF-16 surrogate-pair escapes (`\uD83D\uDE00`), which libyaml refuses, into
/// the equivalent YAML 32-bit escape (`\U0001F600`) before parsing — in a JSON document only, and
/// only inside its strings.
///
/// Tools such as Python's `json.dumps` write every character outside the Basic Multilingual
/// Plane this way, so a roster exported by them must load. Only a JSON document is rewritten: in
/// JSON every `"` outside a string opens one, so the strings are known exactly, while in YAML a
/// backslash in a plain or single-quoted scalar is the text itself (a name holding the text
/// `\ud83d\ude00` must read back as that text). The rewrite shortens the line by two characters
/// per pair; the shifts are recorded so positions still point into the original file. A
/// surrogate that is not part of a pair is an error at its position.
enum SurrogateEscapeRewriter {
    struct Output {
        var bytes: [UInt8]
        /// 0-based line → (0-based column in the rewritten line, characters removed before it).
        var columnShifts: [Int: [(column: Int, shift: Int)]]
        var diagnostics: [Diagnostic]
    }

    static func rewrite(_ bytes: [UInt8], file: String) -> Output {
        // Fast path: almost every file has no `\u` followed by `d`/`D`.
        guard containsSurrogateEscape(bytes), JSONReader.check(bytes) == nil else {
            return Output(bytes: bytes, columnShifts: [:], diagnostics: [])
        }
        var text = Rewritten(capacity: bytes.count)
        var i = 0
        var inString = false
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\"") {
                // Valid JSON: a quote outside a string opens one, an unescaped one inside closes it
                // (an escaped one is copied with its backslash below).
                inString.toggle()
                text.append(bytes[i])
                i += 1
            } else if inString, bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count,
                lineBreakLength(bytes, i + 1) == nil
            {
                guard bytes[i + 1] == UInt8(ascii: "u"), let high = hex4(bytes, i + 2), (0xD800...0xDFFF).contains(high)
                else {
                    // Any other escape: copy both bytes so `\\u` is never misread.
                    text.append(bytes[i])
                    text.append(bytes[i + 1])
                    i += 2
                    continue
                }
                guard let low = lowSurrogate(pairing: high, in: bytes, at: i + 6) else {
                    let at = SourceLocation(file: file, line: text.line + 1, column: text.column + 1)
                    return Output(
                        bytes: bytes, columnShifts: [:], diagnostics: [.error(.unpairedSurrogate, unpaired, at: at)])
                }
                text.appendPair(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                i += 12
            } else if let length = lineBreakLength(bytes, i) {
                text.appendLineBreak(bytes[i..<(i + length)])
                i += length
            } else {
                text.append(bytes[i])
                i += 1
            }
        }
        return Output(bytes: text.bytes, columnShifts: text.shifts, diagnostics: [])
    }

    private static let unpaired =
        "unpaired UTF-16 surrogate escape in a string; write the character itself or a complete surrogate pair"

    /// The low surrogate of a `\\uXXXX` escape at `start`, when `high` opens a pair and it closes it.
    private static func lowSurrogate(pairing high: UInt32, in bytes: [UInt8], at start: Int) -> UInt32? {
        guard (0xD800...0xDBFF).contains(high), start + 6 <= bytes.count, bytes[start] == UInt8(ascii: "\\"),
            bytes[start + 1] == UInt8(ascii: "u"), let low = hex4(bytes, start + 2)
        else { return nil }
        return (0xDC00...0xDFFF).contains(low) ? low : nil
    }

    /// The length of the line break at `i` as libyaml counts lines (LF, CR, CRLF, NEL, LS, PS),
    /// or nil: positions after a rewritten pair must be on the line libyaml reports.
    private static func lineBreakLength(_ bytes: [UInt8], _ i: Int) -> Int? {
        switch bytes[i] {
        case 0x0A: return 1
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: return 2
        case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
            return 3
        default: return nil
        }
    }

    /// The rewritten text, with the position reached in the original and the shifts so far.
    private struct Rewritten {
        var bytes: [UInt8] = []
        var shifts: [Int: [(column: Int, shift: Int)]] = [:]
        /// 0-based line of the original.
        var line = 0
        /// Characters of the original line so far.
        var column = 0
        /// Characters the rewrite removed from this line so far.
        var removed = 0

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func append(_ byte: UInt8) {
            bytes.append(byte)
            if byte & 0xC0 != 0x80 { column += 1 }
        }

        mutating func appendLineBreak(_ lineBreak: ArraySlice<UInt8>) {
            bytes.append(contentsOf: lineBreak)
            line += 1
            column = 0
            removed = 0
        }

        /// `\\U` and eight hex digits in place of the pair's twelve characters.
        mutating func appendPair(_ scalar: UInt32) {
            bytes.append(contentsOf: "\\U".utf8)
            bytes.append(contentsOf: SurrogateEscapeRewriter.hex8(scalar).utf8)
            removed += 2
            shifts[line, default: []].append((column: column + 11 - removed, shift: 2))
            column += 12
        }
    }

    private static func containsSurrogateEscape(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard var p = buffer.baseAddress, buffer.count >= 6 else { return false }
            let end = p + buffer.count
            // memchr jumps between backslashes, which most files do not have at all.
            while let hit = memchr(p, Int32(UInt8(ascii: "\\")), end - p) {
                let q = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
                if end - q >= 3 && q[1] == UInt8(ascii: "u") && q[2] | 0x20 == UInt8(ascii: "d") { return true }
                p = q + 1
            }
            return false
        }
    }

    private static func hex4(_ bytes: [UInt8], _ start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for b in bytes[start..<(start + 4)] {
            guard let d = hexDigit(b) else { return nil }
            value = value << 4 | d
        }
        return value
    }

    private static func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    fileprivate static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
