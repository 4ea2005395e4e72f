/// Applies a unified diff (as `--dry-run` prints it) to a text, for the tests: the lines it makes,
/// or nil when the patch does not fit the text (a context or removed line that is not there).
enum PatchApplier {
    /// The lines of `text`, split on the scalar (a String takes "\r\n" for one character).
    static func lines(_ text: String) -> [String] {
        var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    static func apply(_ patch: String, to old: String) -> [String]? {
        let source = lines(old)
        var out: [String] = [], i = 0
        for line in lines(patch) where !line.hasPrefix("---") && !line.hasPrefix("+++") && !line.hasPrefix("\\") {
            if line.hasPrefix("@@") {
                // `@@ -start,count +…`: copy the text up to the hunk.
                let numbers = line.dropFirst(4).prefix { $0 != " " }.split(separator: ",")
                guard let start = numbers.first.flatMap({ Int($0) }) else { return nil }
                let count = numbers.count > 1 ? Int(numbers[1]) ?? 1 : 1
                let first = count == 0 ? start : start - 1
                guard first >= i, first <= source.count else { return nil }
                out += source[i..<first]
                i = first
                continue
            }
            let text = String(line.dropFirst())
            switch line.first {
            case "+": out.append(text)
            case " ", "-":
                guard i < source.count, source[i] == text else { return nil }
                if line.first == " " { out.append(text) }
                i += 1
            default: return nil
            }
        }
        return out + source[i...]
    }
}
