import RosterYAML

/// Anchors that outlive their entry. An entry (or a value) that is removed or replaced may define
/// an anchor (`&infra Infrastructure`, `&base {…}`) that later aliases use; the anchored text then
/// moves to the first alias after it, so that the file still loads and every entry still says
/// what it said.
extension RosterFileEditor {
    /// Once every edit is known: the anchors of the text that goes move to their first alias
    /// after it that stays.
    mutating func keepAnchors() {
        for span in anchorSpans {
            for (name, text) in anchors(from: span.from, to: span.to) {
                guard let use = firstAlias(name, after: span.to) else { continue }
                editor.replace(
                    line: use.line, from: use.column, to: use.column + 1 + name.unicodeScalars.count, with: text)
            }
        }
        anchorSpans = []
    }

    /// Whether `position` is in text that goes.
    func goes(_ position: (line: Int, column: Int)) -> Bool {
        anchorSpans.contains { span in
            (position.line, position.column) >= (span.from.line, span.from.column)
                && (position.line, position.column) < (span.to.line, span.to.column)
        }
    }

    /// The anchors defined from `start` to `end`, each with its anchored text (`&name value`) when
    /// that text is on one line.
    func anchors(from start: (line: Int, column: Int), to end: (line: Int, column: Int)) -> [(String, String)] {
        var found: [(String, String)] = []
        for line in start.line...min(end.line, editor.lines.count - 1) {
            let characters = Array(editor.lines[line].unicodeScalars)
            let from = line == start.line ? start.column : 0, to = line == end.line ? end.column : characters.count
            for column in Self.tokens("&", in: characters, from: from, to: to) {
                let name = Self.name(characters, at: column + 1)
                var value = column + 1 + name.unicodeScalars.count
                while value < characters.count && characters[value] == " " { value += 1 }
                let last: Int
                if value < characters.count && (characters[value] == "{" || characters[value] == "[") {
                    guard let close = editor.closing(line: line, column: value), close.line == line else { continue }
                    last = close.column + 1
                } else {
                    last = editor.tokenEnd(line: line, column: value, inFlow: true)
                }
                found.append((name, String(scalars: characters[column..<last])))
            }
        }
        return found
    }

    /// Where the first alias `*name` after `end` stands.
    func firstAlias(_ name: String, after end: (line: Int, column: Int)) -> (line: Int, column: Int)? {
        for line in end.line..<editor.lines.count {
            let characters = Array(editor.lines[line].unicodeScalars)
            let from = line == end.line ? end.column : 0
            for column in Self.tokens("*", in: characters, from: from, to: characters.count)
            where Self.name(characters, at: column + 1) == name && !goes((line, column)) {
                return (line, column)
            }
        }
        return nil
    }

    /// The columns of `marker` (`&` or `*`) that start an anchor or alias, outside quotes and
    /// comments, from `from` to `to`.
    static func tokens(_ marker: Unicode.Scalar, in characters: [Unicode.Scalar], from: Int, to: Int) -> [Int] {
        var found: [Int] = []
        var quote: Unicode.Scalar?
        var i = 0
        while i < min(to, characters.count) {
            let c = characters[i]
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"" { i += 1 }
            } else if (c == "\"" || c == "'") && SourceEditor.startsScalar(characters, at: i) {
                quote = c
            } else if c == "#" && (i == 0 || characters[i - 1] == " ") {
                break
            } else if c == marker && i >= from && (i == 0 || " [{,:-".unicodeScalars.contains(characters[i - 1])) {
                found.append(i)
            }
            i += 1
        }
        return found
    }

    /// The anchor or alias name that starts at `index`.
    static func name(_ characters: [Unicode.Scalar], at index: Int) -> String {
        var end = index
        while end < characters.count && !" ,[]{}".unicodeScalars.contains(characters[end]) { end += 1 }
        return String(scalars: characters[index..<end])
    }
}
