import RosterReconcile
import RosterYAML

/// The entries a pull removes from and appends to one flow sequence (`people: [{…}, {…}]`, a JSON
/// array), gathered first and written at the end as one edit of the whole list, so that commas
/// come out as JSON needs however many entries go and come: one list on one line is rewritten on
/// its line; a list with an entry per line keeps its lines, its comments and its layout.
struct FlowListEdit {
    let list: NodeID
    var removed: Set<NodeID> = []
    /// The new entries, each rendered as a flow mapping.
    var appended: [String] = []

    /// Makes the edits in `editor`.
    func write(in editor: inout SourceEditor) {
        let document = editor.document
        let kept = document.items(list).filter { !removed.contains($0) }
        let open = editor.contentStart(list)
        guard let close = editor.closing(line: open.line, column: open.column) else { return }
        if open.line != close.line, let layout = lineLayout(editor, open: open, close: close) {
            writeLines(in: &editor, layout: layout, close: close)
        } else {
            writeInline(in: &editor, keeping: !kept.isEmpty, close: close)
        }
    }

    /// Takes out each run of removed entries with the separator that joins it to a kept entry
    /// (the one after it, else the one before it), then appends after the last entry: the kept
    /// entries' own text, and whatever other edits they get, are never touched.
    private func writeInline(in editor: inout SourceEditor, keeping: Bool, close: (line: Int, column: Int)) {
        let items = editor.document.items(list)
        var i = 0
        while i < items.count {
            guard removed.contains(items[i]) else {
                i += 1
                continue
            }
            var last = i
            while last + 1 < items.count && removed.contains(items[last + 1]) { last += 1 }
            if last + 1 < items.count {
                editor.replaceSpan(
                    from: editor.contentStart(items[i]), to: editor.contentStart(items[last + 1]), with: "")
            } else if i > 0 {
                editor.replaceSpan(from: editor.end(items[i - 1]), to: editor.end(items[last]), with: "")
            } else {
                editor.replaceSpan(from: editor.contentStart(items[i]), to: editor.end(items[last]), with: "")
            }
            i = last + 1
        }
        guard !appended.isEmpty else { return }
        let at = items.last.map { editor.end($0) } ?? close
        let text = (keeping ? ", " : "") + appended.joined(separator: ", ")
        editor.replace(line: at.line, from: at.column, to: at.column, with: text)
    }

    /// Where each entry of an entry-per-line list is: its lines and the column after it on its
    /// last line; nil when entries share lines with each other or with the brackets.
    private func lineLayout(
        _ editor: SourceEditor, open: (line: Int, column: Int), close: (line: Int, column: Int)
    ) -> (indent: String, ends: [(line: Int, column: Int)])? {
        let all = editor.document.items(list)
        var lastLine = open.line
        var ends: [(line: Int, column: Int)] = []
        for item in all {
            let start = editor.contentStart(item)
            let end = editor.end(item)
            guard start.line > lastLine,
                editor.lines[start.line].prefix(start.column).allSatisfy({ $0 == " " || $0 == "\t" }),
                Self.onlyCommaAfter(editor.lines[end.line], end.column)
            else { return nil }
            lastLine = end.line
            if !removed.contains(item) { ends.append(end) }
        }
        guard close.line > lastLine,
            editor.lines[close.line].prefix(close.column).allSatisfy({ $0 == " " || $0 == "\t" })
        else { return nil }
        let indent =
            all.first.map { editor.indentation(of: editor.contentStart($0).line) }
            ?? editor.indentation(of: close.line) + "  "
        return (indent, ends)
    }

    /// Whether the text after `column` (past spaces) starts with a comma.
    static func startsWithComma(_ line: String, _ column: Int) -> Bool {
        Array(line)[column...].first { $0 != " " } == ","
    }

    /// Whether the rest of a line after `column` is at most a comma, spaces and a comment.
    static func onlyCommaAfter(_ line: String, _ column: Int) -> Bool {
        var rest = Substring(String(Array(line)[column...])).drop { $0 == " " }
        if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " } }
        return rest.isEmpty || rest.first == "#"
    }

    private func writeLines(
        in editor: inout SourceEditor, layout: (indent: String, ends: [(line: Int, column: Int)]),
        close: (line: Int, column: Int)
    ) {
        for item in editor.document.items(list) where removed.contains(item) {
            editor.remove(editor.contentStart(item).line..<(editor.end(item).line + 1))
        }
        for (n, end) in layout.ends.enumerated() {
            setComma(in: &editor, after: end, present: n < layout.ends.count - 1 || !appended.isEmpty)
        }
        let lines = appended.enumerated().map { n, entry in layout.indent + entry + (n < appended.count - 1 ? "," : "")
        }
        if !lines.isEmpty { editor.insert(before: close.line, lines) }
    }

    /// Puts a comma after the entry ending at `end`, or takes it away.
    private func setComma(in editor: inout SourceEditor, after end: (line: Int, column: Int), present: Bool) {
        let characters = Array(editor.lines[end.line])
        var i = end.column
        while i < characters.count && characters[i] == " " { i += 1 }
        let has = i < characters.count && characters[i] == ","
        if present && !has { editor.replace(line: end.line, from: end.column, to: end.column, with: ",") }
        if !present && has { editor.replace(line: end.line, from: i, to: i + 1, with: "") }
    }
}
