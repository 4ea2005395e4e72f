import Foundation

/// Names in order of the UTF-8 bytes of their NFC forms: the order `<` gives for NFC strings,
/// without the normalizing walk `String` repeats for a non-ASCII name in every comparison.
/// The names are copied into one buffer so that a comparison is one `memcmp` (README,
/// Performance: sorting a 10,000-person plan's operations).
package struct NameOrder {
    // Inlinable (with what it reads), so a sort's comparisons compile into the sort.
    @usableFromInline var bytes: [UInt8] = []
    @usableFromInline var starts: [Int] = [0]

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
    @inlinable
    package func compare(_ i: Int, _ j: Int) -> Int {
        let a = starts[i], b = starts[j]
        let aCount = starts[i + 1] - a, bCount = starts[j + 1] - b
        let common = min(aCount, bCount)
        if common > 0 {
            let c = bytes.withUnsafeBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return 0 }
                return memcmp(base + a, base + b, common)
            }
            if c != 0 { return Int(c) }
        }
        return aCount - bCount
    }
}
