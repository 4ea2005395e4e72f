import RosterYAML

/// The entries a pull removes from and appends to one flow sequence (`people: [{…}, {…}]`, a JSON
/// array), gathered first and written at the end as one edit of the whole list, so that commas
/// come out as JSON needs however many entries go and come: a list with an entry per line keeps
/// its lines, its comments and its layout; any other list is edited where its entries stand.
struct FlowListEdit {
    let list: NodeID
    var removed: Set<NodeID> = []
    /// The new entries, each rendered as a flow mapping.
    var appended: [String] = []

    /// Makes the edits in `editor`.
    func write(in editor: inout SourceEditor) {
        let items = Array(editor.document.items(list))
        guard let spans = FlowSpans(items: list, in: editor) else { return }
        let gone = Set(items.indices.filter { removed.contains(items[$0]) })
        if spans.ownLines(in: editor) {
            writeLines(spans, gone, items, in: &editor)
        } else {
            spans.removeRuns(gone, in: &editor)
            guard !appended.isEmpty else { return }
            let at = spans.spans.last?.end ?? spans.close
            let text = (gone.count < items.count ? ", " : "") + appended.joined(separator: ", ")
            editor.replace(line: at.line, from: at.column, to: at.column, with: text)
        }
    }

    /// Removes entries by their lines, gives every kept entry but the last its comma (the last one
    /// too when entries follow), and adds the new entries on lines of their own before the bracket.
    private func writeLines(_ spans: FlowSpans, _ gone: Set<Int>, _ items: [NodeID], in editor: inout SourceEditor) {
        spans.removeLines(gone, in: &editor)
        let ends = spans.spans.indices.filter { !gone.contains($0) }.map { spans.spans[$0].end }
        for (n, end) in ends.enumerated() {
            FlowSpans.setComma(in: &editor, after: end, present: n < ends.count - 1 || !appended.isEmpty)
        }
        let indent =
            items.first.map { editor.indentation(of: editor.contentStart($0).line) }
            ?? editor.indentation(of: spans.close.line) + "  "
        // An entry written a pair per line comes as several lines, each indented as the entries are.
        let lines = appended.enumerated().flatMap { n, entry in
            let parts = entry.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }
            return parts.dropLast() + [(parts.last ?? "") + (n < appended.count - 1 ? "," : "")]
        }
        if !lines.isEmpty { editor.insert(before: spans.close.line, lines) }
    }
}
