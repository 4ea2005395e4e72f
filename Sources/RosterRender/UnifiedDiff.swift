/// A unified diff of two texts (`diff -u`, three lines of context) that `git apply` and `patch`
/// accept: a final line without a newline is marked `\ No newline at end of file`, a hunk that
/// adds to or removes from nothing counts from line 0, and carriage returns stay in their lines.
package enum UnifiedDiff {
    /// One line of a text; the last line of a text without a final newline is marked.
    struct Text: Equatable {
        var text: String
        var noNewline = false
    }

    enum Line: Equatable {
        case same(Text), removed(Text), added(Text)

        var isSame: Bool {
            if case .same = self { return true }
            return false
        }
    }

    /// The diff of `old` and `new` for `path`; empty when they are the same. A file the change
    /// `creates` comes from `/dev/null`; `./` is left off the path, as git writes it.
    package static func render(_ old: String, _ new: String, path: String, creates: Bool = false) -> String {
        guard old != new else { return "" }
        var path = Substring(path)
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        var out = (creates ? "--- /dev/null\n" : "--- a/\(path)\n") + "+++ b/\(path)\n"
        for hunk in hunks(diff(lines(old), lines(new))) { out += hunk }
        return out
    }

    /// The lines of `text`, the last one marked when the text does not end with a newline.
    static func lines(_ text: String) -> [Text] {
        guard !text.isEmpty else { return [] }
        // Split on the scalar: a String takes "\r\n" for one character, unequal to "\n".
        var parts = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            Text(text: String(String.UnicodeScalarView($0)))
        }
        if parts.last?.text == "" {
            parts.removeLast()
        } else {
            parts[parts.count - 1].noNewline = true
        }
        return parts
    }

    /// The lines of both texts in order, by a longest common subsequence of the part between
    /// their common beginning and end.
    static func diff(_ a: [Text], _ b: [Text]) -> [Line] {
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        var table = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out = a[..<prefix].map(Line.same)
        var i = 0, j = 0
        while i < x.count || j < y.count {
            if i < x.count && j < y.count && x[i] == y[j] {
                out.append(.same(x[i])); i += 1; j += 1
            } else if i < x.count && (j == y.count || table[i + 1][j] >= table[i][j + 1]) {
                out.append(.removed(x[i])); i += 1
            } else {
                out.append(.added(y[j])); j += 1
            }
        }
        return out + a[(a.count - suffix)...].map(Line.same)
    }

    /// Hunks with three lines of context, and their `@@ -a,n +b,m @@` headers.
    static func hunks(_ lines: [Line]) -> [String] {
        var groups: [ClosedRange<Int>] = []
        for index in lines.indices where !lines[index].isSame {
            let range = max(0, index - 3)...min(lines.count - 1, index + 3)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        return groups.map { hunk(lines, $0) }
    }

    /// One hunk. A side with no lines in it starts at the line before (0 at the top).
    static func hunk(_ lines: [Line], _ group: ClosedRange<Int>) -> String {
        let before = lines[..<group.lowerBound]
        let oldBefore = before.filter { if case .added = $0 { return false } else { return true } }.count
        let newBefore = before.filter { if case .removed = $0 { return false } else { return true } }.count
        var body = "", oldCount = 0, newCount = 0
        for line in lines[group] {
            let (mark, text): (String, Text)
            switch line {
            case .same(let t): (mark, text) = (" ", t); oldCount += 1; newCount += 1
            case .removed(let t): (mark, text) = ("-", t); oldCount += 1
            case .added(let t): (mark, text) = ("+", t); newCount += 1
            }
            body += mark + text.text + "\n" + (text.noNewline ? "\\ No newline at end of file\n" : "")
        }
        let old = "\(oldCount == 0 ? oldBefore : oldBefore + 1),\(oldCount)"
        let new = "\(newCount == 0 ? newBefore : newBefore + 1),\(newCount)"
        return "@@ -\(old) +\(new) @@\n" + body
    }
}
