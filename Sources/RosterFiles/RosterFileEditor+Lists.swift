import RosterCore
import RosterModel
import RosterYAML

/// Lists an entry writes: a team's members (names), and a team's dated changes (small mappings),
/// each rewritten in the list's own style.
extension RosterFileEditor {
    /// Rewrites a team's members in the list's own style (flow or block).
    package mutating func setMembers(_ node: NodeID, _ members: [String]) {
        setList(node, RosterFormat.TeamKey.members.name, members)
    }

    /// Rewrites the list of names under `key` of the mapping `node` in the list's own style (flow
    /// or block); a mapping without the key gets it.
    package mutating func setList(_ node: NodeID, _ key: String, _ members: [String]) {
        detachMergers(of: node)
        if let (at, list) = ownValue(node, key), editor.document.kind(list) == .sequence {
            if let (first, indent) = removeBlockItems(list) {
                if members.isEmpty {
                    // No one left: `members: []` on the key's line, its comment kept.
                    let scalars = Array(editor.lines[at.line].unicodeScalars)
                    if let colon = scalars.indices.dropFirst(at.column).first(where: { scalars[$0] == ":" }) {
                        editor.replace(line: at.line, from: colon + 1, to: colon + 1, with: " []")
                    }
                } else {
                    editor.insert(before: first, members.map { indent + "- " + YAMLText.scalar($0, inFlow: false) })
                }
                return
            }
            if let (open, close) = flowSpan(list) {
                let text =
                    close.line == open.line
                    ? WrittenValue.list(members).rendered(json: json)
                    : listOverLines(members, list, open: open, close: close)
                editor.replaceSpan(from: open, to: (close.line, close.column + 1), with: text)
                return
            }
        }
        setField(node, key, .list(members))
    }

    /// Rewrites the list of mappings under `key` of the entry `node` (a team's dated `changes`): a
    /// block list keeps an item a line, a flow list stays one; an empty list takes the key away.
    mutating func setRecords(_ node: NodeID, _ key: String, _ records: [[WrittenPair]]) {
        guard !records.isEmpty else { return removeField(node, key) }
        detachMergers(of: node)
        if let (_, list) = ownValue(node, key), editor.document.kind(list) == .sequence {
            if let (first, indent) = removeBlockItems(list) {
                editor.insert(before: first, records.map { indent + "- " + WrittenValue.record($0, json: json) })
                return
            }
            if let (open, close) = flowSpan(list) {
                let text = WrittenValue.records(records).rendered(json: json)
                editor.replaceSpan(from: open, to: (close.line, close.column + 1), with: text)
                return
            }
        }
        guard !json, !editor.isFlow(node) else { return setField(node, key, .records(records)) }
        // A block entry gets a block list: a change a line reads best in review.
        let indent = String(repeating: " ", count: editor.location(node).column)
        editor.insertFirst(
            before: editor.lastLine(node) + 1,
            [indent + key + ":"] + records.map { indent + "  - " + WrittenValue.record($0, json: false) })
    }

    /// Edits the list of mappings under `key` of the entry `node` item by item, each item known by
    /// its `identity` key (a team change's `on`): an item the records give unchanged stays as written,
    /// with its comments and layout; a changed one is written again where it stood; one the records
    /// lack goes with its lines; a new one comes before the first item of a later identity. A flow
    /// list, or no list, is written whole (``setRecords(_:_:_:)``).
    package mutating func editRecords(_ node: NodeID, _ key: String, _ records: [[WrittenPair]], identity: String) {
        guard !records.isEmpty, let (_, list) = ownValue(node, key), editor.document.kind(list) == .sequence,
            !editor.isFlow(list), let last = editor.document.items(list).last
        else { return setRecords(node, key, records) }
        detachMergers(of: node)
        let items = Array(editor.document.items(list))
        let written = items.map(recordValues)
        // An item's identity as text: a team change's day, ISO-written, sorts as it reads.
        func id(_ values: [String: [String]]?) -> String? { values?[identity]?.first }
        guard written.allSatisfy({ id($0) != nil }) else { return setRecords(node, key, records) }
        let wanted = records.map(Self.values)
        let indent = editor.indentation(of: editor.location(items[0]).line)
        func line(_ r: Int) -> String { indent + "- " + WrittenValue.record(records[r], json: false) }
        for (i, item) in items.enumerated() {
            let lines = editor.location(item).line..<(editor.lastLine(item) + 1)
            guard let r = wanted.firstIndex(where: { id($0) == id(written[i]) }) else {
                editor.remove(lines)
                continue
            }
            if wanted[r] != written[i] {
                editor.remove(lines)
                editor.insert(before: lines.lowerBound, [line(r)])
            }
        }
        // New items go in before whatever else goes before the same line (an item written again),
        // in the records' order.
        var added: [Int: [String]] = [:]
        for r in wanted.indices where !written.contains(where: { id($0) == id(wanted[r]) }) {
            let later = items.indices.first { id(written[$0]) ?? "" > id(wanted[r]) ?? "" }
            let before = later.map { commentsAbove(editor.location(items[$0]).line) } ?? editor.lastLine(last) + 1
            added[before, default: []].append(line(r))
        }
        for (before, lines) in added { editor.insertFirst(before: before, lines) }
    }

    /// Where the comment lines just above `line` start (they belong to what follows them); `line`
    /// itself when there are none.
    private func commentsAbove(_ line: Int) -> Int {
        var start = line
        while start > 0, editor.lines[start - 1].drop(while: { $0 == " " }).hasPrefix("#") { start -= 1 }
        return start
    }

    /// An item's keys and values as text (a scalar as one string, a list as its items); nil for an
    /// item that is not a mapping of those.
    private func recordValues(_ item: NodeID) -> [String: [String]]? {
        let document = editor.document
        guard document.kind(item) == .mapping else { return nil }
        var values: [String: [String]] = [:]
        for i in 0..<document.pairCount(item) {
            let value = document.value(item, i)
            switch document.kind(value) {
            case .scalar: values[document.string(document.key(item, i))] = [document.string(value)]
            case .sequence:
                values[document.string(document.key(item, i))] = ["["] + document.items(value).map(document.string)
            case .mapping: return nil
            }
        }
        return values
    }

    /// A record's keys and values as ``recordValues(_:)`` reads them back.
    private static func values(_ pairs: [WrittenPair]) -> [String: [String]] {
        Dictionary(pairs.map { ($0.key, comparable($0.value)) }) { first, _ in first }
    }

    /// A written value as ``recordValues(_:)`` reads it back.
    private static func comparable(_ value: WrittenValue) -> [String] {
        switch value {
        case .text(let s), .token(let s): [s]
        case .number(let n): [String(n)]
        case .bool(let b): [String(b)]
        case .null: ["null"]
        case .list(let items): ["["] + items
        case .records: ["{"]
        }
    }

    /// The value of `key` that the mapping `node` writes itself (not one a merge key gives it), and
    /// where its key stands.
    private func ownValue(_ node: NodeID, _ key: String) -> (at: (line: Int, column: Int), value: NodeID)? {
        let document = editor.document
        let start = editor.location(node)
        for i in 0..<document.pairCount(node) where document.string(document.key(node, i)) == key {
            let at = editor.location(document.key(node, i))
            if (at.line, at.column) >= (start.line, start.column) { return (at, document.value(node, i)) }
        }
        return nil
    }

    /// Removes the items of a block list with items, and says where they stood and how indented;
    /// nil (and nothing removed) for any other list.
    private mutating func removeBlockItems(_ list: NodeID) -> (first: Int, indent: String)? {
        guard !editor.isFlow(list), let item = editor.document.items(list).first else { return nil }
        let first = editor.location(item).line
        let indent = editor.indentation(of: first)
        editor.remove(first..<(editor.lastLine(list) + 1))
        return (first, indent)
    }

    /// Where a flow list opens and closes; nil for a block list, or a flow list whose end is not found.
    private func flowSpan(_ list: NodeID) -> (open: (line: Int, column: Int), close: (line: Int, column: Int))? {
        guard editor.isFlow(list) else { return nil }
        let open = editor.contentStart(list)
        return editor.closing(line: open.line, column: open.column).map { (open, $0) }
    }

    /// A flow list that stood over several lines (pretty JSON's `[` … `]`), written again an item a
    /// line: at the first item's indentation when it stood on a line of its own, the bracket where
    /// it closed.
    private func listOverLines(
        _ members: [String], _ list: NodeID, open: (line: Int, column: Int), close: (line: Int, column: Int)
    ) -> String {
        guard !members.isEmpty else { return "[]" }
        let closeOnItsOwn = editor.lines[close.line].unicodeScalars.prefix(close.column).allSatisfy { $0 == " " }
        let closing = editor.indentation(of: closeOnItsOwn ? close.line : open.line)
        let first = editor.document.items(list).first.map { editor.location($0) }
        let indent = first.flatMap { $0.line > open.line ? editor.indentation(of: $0.line) : nil } ?? closing + "  "
        let items = members.map { indent + WrittenValue.text($0).rendered(json: json) }
        let newline = editor.newline
        return "[" + newline + items.joined(separator: "," + newline) + newline + closing + "]"
    }
}
