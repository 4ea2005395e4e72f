import RosterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rewrites JSON's UTF-16 surrogate-pair escapes (`\uD83D\uDE00`), which libyaml refuses, into
/// the equivalent YAML 32-bit escape (`\U0001F600`) before parsing.
///
/// Tools such as Python's `json.dumps` write every character outside the Basic Multilingual
/// Plane this way, so a roster exported by them must load. The rewrite shortens the line by two
/// characters per pair; the shifts are recorded so positions still point into the original file.
/// A surrogate that is not part of a pair is an error at its position.
enum SurrogateEscapeRewriter {
    struct Output {
        var bytes: [UInt8]
        /// 0-based line → (0-based column in the rewritten line, characters removed before it).
        var columnShifts: [Int: [(column: Int, shift: Int)]]
        var diagnostics: [Diagnostic]
    }

    static func rewrite(_ bytes: [UInt8], file: String) -> Output {
        // Fast path: almost every file has no `\u` followed by `d`/`D`.
        guard containsSurrogateEscape(bytes) else {
            return Output(bytes: bytes, columnShifts: [:], diagnostics: [])
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var shifts: [Int: [(column: Int, shift: Int)]] = [:]
        var diagnostics: [Diagnostic] = []
        var line = 0
        var column = 0  // characters of the original line before index i
        var removedOnLine = 0
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                if bytes[i + 1] == UInt8(ascii: "u"), let high = hex4(bytes, i + 2), (0xD800...0xDFFF).contains(high) {
                    let pairLow: UInt32? =
                        (0xD800...0xDBFF).contains(high) && i + 11 < bytes.count
                            && bytes[i + 6] == UInt8(ascii: "\\") && bytes[i + 7] == UInt8(ascii: "u")
                        ? hex4(bytes, i + 8).flatMap { (0xDC00...0xDFFF).contains($0) ? $0 : nil } : nil
                    guard let low = pairLow else {
                        diagnostics.append(
                            .error(
                                "unpaired UTF-16 surrogate escape in a string; write the character itself or a "
                                    + "complete surrogate pair",
                                at: SourceLocation(file: file, line: line + 1, column: column + 1)))
                        return Output(bytes: bytes, columnShifts: [:], diagnostics: diagnostics)
                    }
                    let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    out.append(contentsOf: Array("\\U".utf8))
                    out.append(contentsOf: Array(hex8(scalar).utf8))
                    removedOnLine += 2
                    shifts[line, default: []].append((column: column + 11 - removedOnLine, shift: 2))
                    column += 12
                    i += 12
                    continue
                }
                // Any other escape: copy both bytes so `\\u` is never misread.
                out.append(b)
                out.append(bytes[i + 1])
                column += 2
                i += 2
                continue
            }
            out.append(b)
            if b == UInt8(ascii: "\n") {
                line += 1
                column = 0
                removedOnLine = 0
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return Output(bytes: out, columnShifts: shifts, diagnostics: diagnostics)
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

    private static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
