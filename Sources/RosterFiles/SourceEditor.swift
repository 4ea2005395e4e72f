import RosterCore
import RosterYAML

/// Edits one YAML file in place, by the positions the loader knows (columns counted in Unicode
/// scalars, as libyaml counts them: a letter and its combining mark are two): a value replaced where it
/// stands, a key added to its mapping, lines inserted or removed. Everything it does not touch
/// (comments, blank lines, quoting, key order, anchors, line endings) stays byte for byte.
struct SourceEditor {
    /// The file's lines without their terminators, and the terminator it uses.
    private(set) var lines: [String]
    let newline: String
    /// Whether the last line ends with a line break (a file without one keeps it that way).
    let endsWithNewline: Bool
    let document: YAMLDocument
    private var edits: [Edit] = []

    /// One change of the text: `text` replaces columns `from..<to` (0-based characters) of
    /// `line` (0-based); or whole lines are inserted before `line`, or removed.
    enum Edit {
        case replace(line: Int, from: Int, to: Int, text: String)
        case insert(before: Int, lines: [String])
        /// Lines that go before every other insertion before the same line: a key added to an
        /// entry stays in it when entries or sections are appended after it.
        case insertFirst(before: Int, lines: [String])
        case remove(lines: Range<Int>)

        var line: Int {
            switch self {
            case .replace(let line, _, _, _), .insert(let line, _), .insertFirst(let line, _): return line
            case .remove(let lines): return lines.lowerBound
            }
        }
    }

    init(text: String, document: YAMLDocument) {
        newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        endsWithNewline = lines.last == "" || text.isEmpty
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
        self.document = document
    }

    var hasEdits: Bool { !edits.isEmpty }

    /// The text with every edit made, bottom to top so that positions stay true.
    func edited() -> String {
        var lines = self.lines
        // Bottom to top; on one line: replacements right to left, then removals, then insertions
        // (lines inserted where others were removed must not be removed with them).
        func rank(_ edit: Edit) -> Int {
            switch edit {
            case .replace: return 0
            case .remove: return 1
            case .insert: return 2
            case .insertFirst: return 3
            }
        }
        let ordered = edits.enumerated().sorted { a, b in
            if a.element.line != b.element.line { return a.element.line > b.element.line }
            if rank(a.element) != rank(b.element) { return rank(a.element) < rank(b.element) }
            if case .replace(_, let x, _, _) = a.element, case .replace(_, let y, _, _) = b.element { return x > y }
            return a.offset > b.offset
        }
        for (_, edit) in ordered {
            switch edit {
            case .replace(let line, let from, let to, let text):
                var characters = Array(lines[line].unicodeScalars)
                characters.replaceSubrange(from..<min(to, characters.count), with: Array(text.unicodeScalars))
                lines[line] = String(scalars: characters)
            case .insert(let before, let inserted), .insertFirst(let before, let inserted):
                lines.insert(contentsOf: inserted, at: min(before, lines.count))
            case .remove(let range): lines.removeSubrange(range)
            }
        }
        let text = lines.joined(separator: newline)
        return endsWithNewline && !lines.isEmpty ? text + newline : text
    }

    // MARK: reading positions

    func location(_ node: NodeID) -> (line: Int, column: Int) {
        let l = document.location(node)
        return (l.line - 1, l.column - 1)
    }

    func character(at line: Int, _ column: Int) -> Unicode.Scalar? {
        guard line < lines.count else { return nil }
        let characters = Array(lines[line].unicodeScalars)
        return column < characters.count ? characters[column] : nil
    }

    /// Where a node's content starts: its position, after an anchor (`&a `) or a tag (`!!str `).
    func contentStart(_ node: NodeID) -> (line: Int, column: Int) {
        var (line, column) = location(node)
        while let c = character(at: line, column), c == "&" || c == "!" {
            let characters = Array(lines[line].unicodeScalars)
            while column < characters.count && characters[column] != " " { column += 1 }
            while column < characters.count && characters[column] == " " { column += 1 }
            if column >= characters.count { return (line, column) }
        }
        return (line, column)
    }

    /// Whether a mapping or sequence is written in flow style (`{…}`, `[…]`).
    func isFlow(_ node: NodeID) -> Bool {
        let (line, column) = contentStart(node)
        let c = character(at: line, column)
        return c == "{" || c == "["
    }

    /// The end (exclusive column) of the scalar or alias token starting at `column` of `line`.
    func tokenEnd(line: Int, column: Int, inFlow: Bool) -> Int {
        let characters = Array(lines[line].unicodeScalars)
        guard column < characters.count else { return column }
        var i = column
        switch characters[i] {
        case "\"":
            i += 1
            while i < characters.count && characters[i] != "\"" { i += characters[i] == "\\" ? 2 : 1 }
            return min(i + 1, characters.count)
        case "'":
            i += 1
            while i < characters.count {
                if characters[i] == "'" {
                    if i + 1 < characters.count && characters[i + 1] == "'" { i += 2; continue }
                    return i + 1
                }
                i += 1
            }
            return characters.count
        default:
            while i < characters.count {
                let c = characters[i]
                if inFlow && (c == "," || c == "}" || c == "]") { break }
                if c == "#" && i > column && characters[i - 1] == " " { break }
                // `: ` ends a plain scalar (a key); so does `:` before a flow indicator or the end.
                if c == ":" {
                    let next: Unicode.Scalar? = i + 1 < characters.count ? characters[i + 1] : nil
                    if next == nil || next == " " || (inFlow && (next == "," || next == "}" || next == "]")) { break }
                }
                i += 1
            }
            while i > column && characters[i - 1] == " " { i -= 1 }
            return i
        }
    }

    /// Where the value of the pair whose key is `key` is written: right after the key's colon.
    func valueStart(afterKey key: NodeID) -> (line: Int, column: Int)? {
        let (line, column) = location(key)
        let characters = Array(lines[line].unicodeScalars)
        var i = tokenEnd(line: line, column: column, inFlow: true)
        while i < characters.count && characters[i] == " " { i += 1 }
        guard i < characters.count, characters[i] == ":" else { return nil }
        i += 1
        while i < characters.count && characters[i] == " " { i += 1 }
        // An empty value (`key:` and nothing) is written at the end of the line.
        if i >= characters.count || characters[i] == "#" { return (line, i) }
        return (line, i)
    }

    /// The column after the closing bracket matching the opening one at `line`, `column`
    /// (on the same or a later line), skipping quoted text.
    func closing(line: Int, column: Int) -> (line: Int, column: Int)? {
        var depth = 0
        var quote: Unicode.Scalar?
        for l in line..<lines.count {
            let characters = Array(lines[l].unicodeScalars)
            var i = l == line ? column : 0
            while i < characters.count {
                let c = characters[i]
                if let q = quote {
                    if c == q { quote = nil } else if c == "\\" && q == "\"" { i += 1 }
                } else if (c == "\"" || c == "'") && Self.startsScalar(characters, at: i) {
                    quote = c
                } else if c == "{" || c == "[" {
                    depth += 1
                } else if c == "}" || c == "]" {
                    depth -= 1
                    if depth == 0 { return (l, i) }
                } else if c == "#" && (i == 0 || characters[i - 1] == " ") {
                    break
                }
                i += 1
            }
        }
        return nil
    }

    /// Whether a quote at `index` opens a quoted scalar: only after an indicator or at the start
    /// of a line; inside a plain scalar (`O'Brien`) it is a character like any other.
    static func startsScalar(_ characters: [Unicode.Scalar], at index: Int) -> Bool {
        var i = index - 1
        while i >= 0 && characters[i] == " " { i -= 1 }
        return i < 0 || "[{,:-?".unicodeScalars.contains(characters[i])
    }

    /// The column after a flow collection's closing bracket, or a scalar's last character, on
    /// the node's last line.
    func end(_ node: NodeID) -> (line: Int, column: Int) {
        let start = contentStart(node)
        if document.kind(node) != .scalar && isFlow(node) {
            if let close = closing(line: start.line, column: start.column) { return (close.line, close.column + 1) }
        }
        let first = tokenEnd(line: start.line, column: start.column, inFlow: true)
        guard document.kind(node) == .scalar && document.style(node) == .plain else { return (start.line, first) }
        return foldedEnd(start, first, length: document.string(node).unicodeScalars.count)
    }

    /// The end of a plain scalar folded over lines (`Olusegun` / `Singh` in an old export's flow
    /// list): its words are taken line by line until they make the scalar's length, each line
    /// break folded to one space.
    private func foldedEnd(
        _ start: (line: Int, column: Int), _ first: Int, length: Int
    ) -> (line: Int, column: Int) {
        var (line, end) = (start.line, first)
        var count = first - start.column
        while count < length && line + 1 < lines.count {
            line += 1
            let characters = Array(lines[line].unicodeScalars)
            var column = 0
            while column < characters.count && characters[column] == " " { column += 1 }
            end = tokenEnd(line: line, column: column, inFlow: true)
            count += 1 + end - column
        }
        return (line, end)
    }

    /// The last line a node is written on (a collection's last child's, a flow one's closing).
    func lastLine(_ node: NodeID) -> Int {
        let line = location(node).line
        switch document.kind(node) {
        case .scalar: return line
        case .sequence, .mapping:
            if isFlow(node) {
                let start = contentStart(node)
                return closing(line: start.line, column: start.column)?.line ?? line
            }
            let children = document.children(node)
            return children.map { child in
                // A child written elsewhere (an alias of an earlier anchor) does not extend this node.
                let childLine = location(child).line
                return childLine < line ? line : lastLine(child)
            }.max() ?? line
        }
    }

    // MARK: editing

    mutating func replace(line: Int, from: Int, to: Int, with text: String) {
        edits.append(.replace(line: line, from: from, to: to, text: text))
    }

    mutating func insert(before line: Int, _ inserted: [String]) {
        edits.append(.insert(before: line, lines: inserted))
    }

    /// Inserts lines before whatever else is inserted before `line`.
    mutating func insertFirst(before line: Int, _ inserted: [String]) {
        edits.append(.insertFirst(before: line, lines: inserted))
    }

    mutating func remove(_ range: Range<Int>) {
        edits.append(.remove(lines: range))
    }

    /// Replaces the text from `start` to `end` (exclusive; on the same or a later line) with `text`.
    mutating func replaceSpan(from start: (line: Int, column: Int), to end: (line: Int, column: Int), with text: String)
    {
        guard end.line > start.line else {
            replace(line: start.line, from: start.column, to: end.column, with: text)
            return
        }
        let tail = String(scalars: Array(lines[end.line].unicodeScalars)[end.column...])
        replace(line: start.line, from: start.column, to: lines[start.line].unicodeScalars.count, with: text + tail)
        remove((start.line + 1)..<(end.line + 1))
    }

    /// The leading white space of `line`.
    func indentation(of line: Int) -> String {
        String(lines[line].prefix { $0 == " " })
    }
}

extension String {
    /// The text of these Unicode scalars.
    init<S: Sequence>(scalars: S) where S.Element == Unicode.Scalar {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self.init(view)
    }
}
