import RosterYAML

/// The elements of one flow collection (the items of `[…]`, or the pairs of `{…}`) as spans of
/// text, and the two ways a pull removes some of them with commas right: by whole lines when every
/// element has lines of its own (pretty JSON), else each run of removed elements with the separator
/// that joins it to a kept one.
struct FlowSpans {
    typealias Position = (line: Int, column: Int)

    var spans: [(start: Position, end: Position)]
    let open: Position
    let close: Position

    /// The items of a flow sequence, each with its anchor (`&p0 {…}`); nil when its closing
    /// bracket cannot be found.
    init?(items list: NodeID, in editor: SourceEditor) {
        let items = editor.document.items(list)
        self.init(list, editor, items.map { (editor.location($0), editor.end($0)) })
    }

    /// The pairs of a flow mapping, each from its key to the end of its value.
    init?(pairs mapping: NodeID, in editor: SourceEditor) {
        let document = editor.document
        let pairs = (0..<document.pairCount(mapping)).map {
            (editor.location(document.key(mapping, $0)), editor.end(document.value(mapping, $0)))
        }
        self.init(mapping, editor, pairs)
    }

    private init?(_ node: NodeID, _ editor: SourceEditor, _ spans: [(start: Position, end: Position)]) {
        open = editor.contentStart(node)
        guard let close = editor.closing(line: open.line, column: open.column) else { return nil }
        self.close = close
        self.spans = spans
    }

    /// Whether every element, and the closing bracket, starts a line of its own, and nothing but a
    /// comma and a comment follows an element on its last line.
    func ownLines(in editor: SourceEditor) -> Bool {
        var previous = open.line
        for (start, end) in spans {
            guard start.line > previous, Self.onlyIndent(editor.lines[start.line], start.column),
                Self.onlyCommaAfter(editor.lines[end.line], end.column)
            else { return false }
            previous = end.line
        }
        return open.line != close.line && close.line > previous
            && Self.onlyIndent(editor.lines[close.line], close.column)
    }

    /// Removes the lines of the elements at `removed` (for ``ownLines(in:)`` layouts).
    func removeLines(_ removed: Set<Int>, in editor: inout SourceEditor) {
        for i in removed { editor.remove(spans[i].start.line..<(spans[i].end.line + 1)) }
    }

    /// Removes each run of removed elements with the separator that joins it to a kept element (the
    /// one after it, else the one before it): kept elements' text, and whatever other edits they
    /// get, are never touched.
    func removeRuns(_ removed: Set<Int>, in editor: inout SourceEditor) {
        var i = 0
        while i < spans.count {
            guard removed.contains(i) else {
                i += 1
                continue
            }
            var last = i
            while last + 1 < spans.count && removed.contains(last + 1) { last += 1 }
            if last + 1 < spans.count {
                editor.replaceSpan(from: spans[i].start, to: spans[last + 1].start, with: "")
            } else if i > 0 {
                editor.replaceSpan(from: spans[i - 1].end, to: spans[last].end, with: "")
            } else {
                editor.replaceSpan(from: spans[i].start, to: spans[last].end, with: "")
            }
            i = last + 1
        }
    }

    /// Puts a comma after the element ending at `end`, or takes it away.
    static func setComma(in editor: inout SourceEditor, after end: Position, present: Bool) {
        let characters = Array(editor.lines[end.line].unicodeScalars)
        var i = end.column
        while i < characters.count && characters[i] == " " { i += 1 }
        let has = i < characters.count && characters[i] == ","
        if present && !has { editor.replace(line: end.line, from: end.column, to: end.column, with: ",") }
        if !present && has { editor.replace(line: end.line, from: i, to: i + 1, with: "") }
    }

    /// Whether the text after `column` (past spaces) starts with a comma.
    static func startsWithComma(_ line: String, _ column: Int) -> Bool {
        Array(line.unicodeScalars)[column...].first { $0 != " " } == ","
    }

    /// Whether the rest of a line after `column` is at most a comma, spaces and a comment.
    static func onlyCommaAfter(_ line: String, _ column: Int) -> Bool {
        var rest = Substring(String(scalars: Array(line.unicodeScalars)[column...])).drop { $0 == " " }
        if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " } }
        return rest.isEmpty || rest.first == "#"
    }

    private static func onlyIndent(_ line: String, _ column: Int) -> Bool {
        line.unicodeScalars.prefix(column).allSatisfy { $0 == " " || $0 == "\t" }
    }
}
