import RosterCore

/// "Did you mean" support: the nearest candidate by edit distance, when it is near enough.
package enum Suggestions {
    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// `; did you mean "Name"?` for the candidate nearest `word` (escaped for a terminal), or
    /// nothing when none is near.
    package static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        nearest(to: word, among: candidates).map { "; did you mean \"\(TerminalText.escape($0))\"?" } ?? ""
    }

    /// The candidate nearest to `word`, if its distance is at most a third of the word's
    /// length (at least 2), so that suggestions stay plausible.
    package static func nearest(to word: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(2, word.unicodeScalars.count / 3)
        var best: (String, Int)?
        let length = word.unicodeScalars.count
        for candidate in candidates where abs(candidate.unicodeScalars.count - length) <= limit {
            let d = editDistance(word.lowercased(), candidate.lowercased())
            if d <= limit, best.map({ d < $0.1 }) ?? true { best = (candidate, d) }
        }
        return best?.0
    }
}
