import RosterYAML

/// How a file lays out its flow mappings and lists, which what is added follows: where a new pair
/// goes (after the last the entry writes itself, on a line of its own in pretty JSON), aligned
/// columns kept, and the layout of the entries a list already has.
extension RosterFileEditor {
    /// Adds `pair` to the flow mapping `node` after the last pair it writes itself (not one a merge
    /// key brings): on a line of its own, indented as that pair, when the pairs stand on lines of
    /// their own (pretty JSON); else after it on its line (`{ a: 1 }` becomes `{ a: 1, b: 2 }`).
    mutating func appendPair(_ node: NodeID, _ pair: String) {
        // Gathered: two pairs added to one mapping share its last pair's comma.
        if let i = appendedPairs.firstIndex(where: { $0.node == node }) {
            appendedPairs[i].pairs.append(pair)
        } else {
            appendedPairs.append((node, [pair]))
        }
    }

    /// Writes the pairs added to flow mappings, after each mapping's last own pair: on lines of
    /// their own where the mapping has its pairs a line each (pretty JSON), else on the same line.
    mutating func writeAppendedPairs() {
        for (node, pairs) in appendedPairs {
            guard let own = Self.lastOwnPair(node, in: editor) else { continue }
            let open = editor.contentStart(node)
            let keyLine = editor.location(document.key(node, own)).line
            let last = Self.ownValueEnd(node, own, in: editor)
            let close = editor.closing(line: open.line, column: open.column)
            if keyLine > open.line, let close, close.line > last.line {
                editor.replace(line: last.line, from: last.column, to: last.column, with: ",")
                let indent = editor.indentation(of: keyLine)
                let lines = pairs.enumerated().map { n, pair in indent + pair + (n < pairs.count - 1 ? "," : "") }
                editor.insert(before: last.line + 1, lines)
            } else {
                editor.replace(
                    line: last.line, from: last.column, to: last.column, with: ", " + pairs.joined(separator: ", "))
            }
        }
        appendedPairs = []
    }

    /// Where pair `i` of `node` ends in the node's own text: an alias value (`focus: *f`) ends
    /// with the alias, not with the anchored value it points at.
    static func ownValueEnd(_ node: NodeID, _ i: Int, in editor: SourceEditor) -> (line: Int, column: Int) {
        let value = editor.document.value(node, i)
        let start = editor.location(node), at = editor.location(value)
        let close = editor.closing(line: editor.contentStart(node).line, column: editor.contentStart(node).column)
        let inside =
            (at.line, at.column) >= (start.line, start.column)
            && (close.map { (at.line, at.column) < ($0.line, $0.column) } ?? true)
        guard !inside, let place = editor.valueStart(afterKey: editor.document.key(node, i)) else {
            return editor.end(value)
        }
        return (place.line, editor.tokenEnd(line: place.line, column: place.column, inFlow: true))
    }

    /// The pair of `node` written last in the node itself: a merge key's pairs are written elsewhere.
    static func lastOwnPair(_ node: NodeID, in editor: SourceEditor) -> Int? {
        let document = editor.document
        let start = editor.location(node)
        let close = editor.closing(line: editor.contentStart(node).line, column: editor.contentStart(node).column)
        return (0..<document.pairCount(node)).filter { i in
            let at = editor.location(document.key(node, i))
            let inside = close.map { (at.line, at.column) < ($0.line, $0.column) } ?? true
            return (at.line, at.column) >= (start.line, start.column) && inside
        }.max { a, b in
            let x = editor.location(document.key(node, a)), y = editor.location(document.key(node, b))
            return (x.line, x.column) < (y.line, y.column)
        }
    }

    /// A value replaced in a flow mapping aligned in columns (`level: Mid,       focus: …`): the
    /// run of spaces after its comma shrinks or grows by what the value gains or loses, so that the
    /// next key stays in its column; nil when the value is not followed by such padding.
    static func keepingColumns(
        _ editor: SourceEditor, _ line: Int, _ from: Int, _ end: Int, _ value: String
    ) -> (to: Int, text: String)? {
        let characters = Array(editor.lines[line].unicodeScalars)
        guard end < characters.count, characters[end] == "," else { return nil }
        var spaces = 0
        while end + 1 + spaces < characters.count, characters[end + 1 + spaces] == " " { spaces += 1 }
        guard spaces >= 2, end + 1 + spaces < characters.count else { return nil }
        // Widths as they show: a letter and its combining mark are one column on screen.
        let padding = max(1, spaces - (value.count - String(scalars: characters[from..<end]).count))
        return (end + 1 + spaces, value + "," + String(repeating: " ", count: padding))
    }

    /// How far a pair stands in from its entry, when the last entry of the flow list `section` writes
    /// a pair per line (`{` and `}` on lines of their own); nil for any other layout.
    func pairIndent(of section: NodeID) -> String? {
        guard editor.document.kind(section) == .sequence, editor.isFlow(section),
            let spans = FlowSpans(items: section, in: editor), spans.ownLines(in: editor),
            let last = editor.document.items(section).last, editor.document.kind(last) == .mapping,
            editor.isFlow(last), editor.document.pairCount(last) > 0
        else { return nil }
        let open = editor.contentStart(last)
        let key = editor.location(editor.document.key(last, 0))
        guard let close = editor.closing(line: open.line, column: open.column), key.line > open.line,
            close.line > key.line
        else { return nil }
        let entry = editor.indentation(of: open.line).count, pair = editor.indentation(of: key.line).count
        return pair > entry ? String(repeating: " ", count: pair - entry) : nil
    }

    /// Whether the last entry of the list `section` writes its flow mapping with inner spaces
    /// (`{ name: A }`), which appended entries then do too.
    func spaced(_ section: NodeID, in editor: SourceEditor) -> Bool {
        guard let last = editor.document.items(section).last, editor.isFlow(last) else { return false }
        let at = editor.contentStart(last)
        return editor.character(at: at.line, at.column) == "{" && editor.character(at: at.line, at.column + 1) == " "
    }
}
