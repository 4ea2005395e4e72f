import Foundation

/// Names in order of the UTF-8 bytes of their NFC forms: the order `<` gives for NFC strings,
/// without the normalizing walk `String` repeats for a non-ASCII name in every comparison
/// (sorting a 10,000-person plan's operations). The names are copied into one buffer.
package struct NameOrder {
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]

    /// The names `name(0)` to `name(count - 1)`.
    package init(count: Int, name: (Int) -> String) {
        starts.reserveCapacity(count + 1)
        for i in 0..<count {
            var text = name(i)
            // A byte from 0xCC up leads a scalar from U+0300 up (continuation bytes stop at
            // 0xBF), where the combining marks start; below, every name is its own NFC.
            let composed = text.withUTF8 { utf8 in
                guard !utf8.contains(where: { $0 >= 0xCC }) else { return false }
                bytes.append(contentsOf: utf8)
                return true
            }
            if !composed { bytes.append(contentsOf: text.precomposedStringWithCanonicalMapping.utf8) }
            starts.append(bytes.count)
        }
    }

    /// The names at indices `i` and `j` compared: negative when the first orders first, 0 when
    /// both are the same.
    package func compare(_ i: Int, _ j: Int) -> Int {
        var (a, b) = (starts[i], starts[j])
        let (aEnd, bEnd) = (starts[i + 1], starts[j + 1])
        while a < aEnd && b < bEnd {
            if bytes[a] != bytes[b] { return Int(bytes[a]) - Int(bytes[b]) }
            a += 1
            b += 1
        }
        return (aEnd - a) - (bEnd - b)
    }
}
