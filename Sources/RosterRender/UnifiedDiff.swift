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

    /// The patch of every file in `files` (`git apply` takes it), from its text in `original` to
    /// its text in `changed`. A roster file is never empty: one with no text is one the change
    /// creates (a new `--into` file).
    package static func patch(_ files: [String], original: [String: String], changed: [String: String]) -> String {
        files.map { file in
            render(original[file] ?? "", changed[file] ?? "", path: file, creates: original[file] == "")
        }.joined()
    }

    /// The diff of `old` and `new` for `path`; empty when they are the same. A file the change
    /// `creates` comes from `/dev/null`; `./` is left off the path, as git writes it.
    static func render(_ old: String, _ new: String, path: String, creates: Bool = false) -> String {
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

    /// The lines of both texts in order: their common beginning and end, and between them the
    /// shortest edit script (Myers' algorithm: time and memory grow with the edits, not with the
    /// files, so two edits 40,000 lines apart cost nothing). Past `limit` edits the middle is
    /// given as removed, then added: still a patch `git apply` takes, in bounded memory.
    static func diff(_ a: [Text], _ b: [Text], limit: Int = 2_000) -> [Line] {
        var prefix = 0
        while prefix < min(a.count, b.count) && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        let middle = shortestEdit(x, y, limit: limit) ?? (x.map(Line.removed) + y.map(Line.added))
        return a[..<prefix].map(Line.same) + middle + a[(a.count - suffix)...].map(Line.same)
    }

    /// Myers' shortest edit script of `x` into `y`, or nil past `limit` edits. Round `d` keeps, for
    /// each diagonal `k` in `-d...d`, how far along `x` its furthest path reaches; the rounds' values
    /// (d² in all) lead back from the end.
    static func shortestEdit(_ x: [Text], _ y: [Text], limit: Int) -> [Line]? {
        let n = x.count, m = y.count, bound = min(n + m, limit)
        var furthest = [Int](repeating: 0, count: 2 * bound + 3)
        let zero = bound + 1
        var rounds: [[Int]] = []
        for d in 0...bound {
            rounds.append(Array(furthest[(zero - d)...(zero + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                let down = k == -d || (k != d && furthest[zero + k - 1] < furthest[zero + k + 1])
                var i = down ? furthest[zero + k + 1] : furthest[zero + k - 1] + 1
                var j = i - k
                while i < n && j < m && x[i] == y[j] { i += 1; j += 1 }
                furthest[zero + k] = i
                if i >= n && j >= m { return path(x, y, rounds) }
            }
        }
        return nil
    }

    /// The edit script the rounds lead to, from the end back to the start.
    static func path(_ x: [Text], _ y: [Text], _ rounds: [[Int]]) -> [Line] {
        var out: [Line] = []
        var i = x.count, j = y.count
        for d in stride(from: rounds.count - 1, through: 0, by: -1) {
            let reached = { (k: Int) in rounds[d][k + d] }
            let k = i - j
            let down = k == -d || (k != d && reached(k - 1) < reached(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousI = d == 0 ? 0 : reached(previousK), previousJ = previousI - previousK
            while i > previousI && j > previousJ {
                i -= 1; j -= 1
                out.append(.same(x[i]))
            }
            guard d > 0 else { break }
            if down {
                j -= 1
                out.append(.added(y[j]))
            } else {
                i -= 1
                out.append(.removed(x[i]))
            }
        }
        return out.reversed()
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
