/// A unified diff of two texts (`diff -u`), with three lines of context.
package enum UnifiedDiff {
    enum Line: Equatable {
        case same(String), removed(String), added(String)
    }

    /// The diff of `old` and `new` for `path`; empty when they are the same.
    package static func render(_ old: String, _ new: String, path: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let lines = diff(a, b)
        guard lines.contains(where: { $0 != .same("") && !isSame($0) }) else { return "" }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(lines) { out += hunk }
        return out
    }

    static func isSame(_ line: Line) -> Bool {
        if case .same = line { return true }
        return false
    }

    /// The lines of both texts in order, by a longest common subsequence of the part between
    /// their common beginning and end.
    static func diff(_ a: [String], _ b: [String]) -> [Line] {
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
        let changed = lines.indices.filter { !isSame(lines[$0]) }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - 3)...min(lines.count - 1, index + 3)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        return groups.map { group in
            let before = lines[..<group.lowerBound]
            let oldStart = before.filter { if case .added = $0 { return false } else { return true } }.count + 1
            let newStart = before.filter { if case .removed = $0 { return false } else { return true } }.count + 1
            var body = "", oldCount = 0, newCount = 0
            for line in lines[group] {
                switch line {
                case .same(let s): body += " \(s)\n"; oldCount += 1; newCount += 1
                case .removed(let s): body += "-\(s)\n"; oldCount += 1
                case .added(let s): body += "+\(s)\n"; newCount += 1
                }
            }
            return "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@\n" + body
        }
    }
}
