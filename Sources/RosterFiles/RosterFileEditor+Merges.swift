import RosterModel
import RosterYAML

/// Entries that inherit from the entry an edit changes. A merge key (`<<: *staff-engineer`) makes
/// another entry take the anchored entry's pairs; changing, adding or removing a pair there would
/// change that entry too. So before an anchored entry changes, each entry that merges it gets what
/// it inherits written out on itself (its `<<` replaced by those pairs): every other entry still
/// means what it meant.
extension RosterFileEditor {
    /// Writes out what other entries inherit from `node`, when `node` is an anchored entry that
    /// some entry merges.
    mutating func detachMergers(of node: NodeID) {
        guard hasMergeKeys, editor.character(at: editor.location(node).line, editor.location(node).column) == "&",
            entries.values.contains(node)
        else { return }
        let span = ownSpan(node)
        for entry in entries.values.sorted(by: { $0.rawIndex < $1.rawIndex })
        where entry != node && !detached.contains(entry) && inherits(entry, from: span) {
            writeOutMerges(entry)
        }
    }

    /// From where an entry starts to where its own text ends (exclusive).
    func ownSpan(_ node: NodeID) -> (from: (line: Int, column: Int), to: (line: Int, column: Int)) {
        let start = editor.location(node)
        return (start, editor.isFlow(node) ? editor.end(node) : (editor.lastLine(node) + 1, 0))
    }

    /// Whether `entry` has a pair whose key is written in `span` (a pair it merged from there).
    func inherits(_ entry: NodeID, from span: (from: (line: Int, column: Int), to: (line: Int, column: Int))) -> Bool {
        (0..<document.pairCount(entry)).contains { i in
            let at = editor.location(document.key(entry, i))
            return (at.line, at.column) >= (span.from.line, span.from.column)
                && (at.line, at.column) < (span.to.line, span.to.column)
        }
    }

    /// Replaces `entry`'s merge key with the pairs it inherited, written as its own pairs are.
    mutating func writeOutMerges(_ entry: NodeID) {
        detached.insert(entry)
        let span = ownSpan(entry)
        guard let merge = mergeKey(in: span) else { return }
        let inherited = (0..<document.pairCount(entry)).filter { i in
            let at = editor.location(document.key(entry, i))
            return (at.line, at.column) < (span.from.line, span.from.column)
                || (at.line, at.column) >= (span.to.line, span.to.column)
        }
        let pairs = inherited.compactMap { i -> String? in
            let key = document.string(document.key(entry, i))
            return writtenValue(document.value(entry, i)).map { Self.pair(key, $0, json: json) }
        }
        guard !pairs.isEmpty else { return }
        let separator = editor.isFlow(entry) ? ", " : editor.newline + String(repeating: " ", count: merge.column)
        editor.replace(line: merge.line, from: merge.column, to: merge.end, with: pairs.joined(separator: separator))
        // Its alias is gone: an anchor that moves on does not move here.
        anchorSpans.append(((merge.line, merge.column), (merge.line, merge.end)))
        let name = (0..<document.pairCount(entry)).first {
            document.string(document.key(entry, $0)) == RosterFormat.PersonKey.name.name
        }.map { document.string(document.value(entry, $0)) }
        notes.append("\(name ?? "an entry"): what it inherited (`<<`) written out on it, so that it stays as it was")
    }

    /// Where the merge key `<<: *a` (or `<<: [*a, *b]`) stands in `span`: its line, first column
    /// and the column after its value.
    func mergeKey(
        in span: (from: (line: Int, column: Int), to: (line: Int, column: Int))
    ) -> (line: Int, column: Int, end: Int)? {
        for line in span.from.line...min(span.to.line, editor.lines.count - 1) {
            let characters = Array(editor.lines[line].unicodeScalars)
            let from = line == span.from.line ? span.from.column : 0
            let to = line == span.to.line ? span.to.column : characters.count
            for column in Self.tokens("<", in: characters, from: from, to: to)
            where column + 1 < characters.count && characters[column + 1] == "<" {
                var value = column + 2
                while value < characters.count && characters[value] == " " { value += 1 }
                guard value < characters.count, characters[value] == ":" else { continue }
                value += 1
                while value < characters.count && characters[value] == " " { value += 1 }
                if value < characters.count && characters[value] == "[" {
                    guard let close = editor.closing(line: line, column: value), close.line == line else { return nil }
                    return (line, column, close.column + 1)
                }
                return (line, column, editor.tokenEnd(line: line, column: value, inFlow: true))
            }
        }
        return nil
    }

    /// A value as the editor writes it again: plain scalars as they are, others quoted as needed.
    func writtenValue(_ value: NodeID) -> WrittenValue? {
        switch document.kind(value) {
        case .scalar:
            if document.isNull(value) { return .null }
            return document.style(value) == .plain ? .token(document.string(value)) : .text(document.string(value))
        case .sequence: return .list(document.items(value).map { document.string($0) })
        default: return nil
        }
    }
}
