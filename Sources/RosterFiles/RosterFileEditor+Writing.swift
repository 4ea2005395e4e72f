import RosterCore
import RosterModel
import RosterYAML

extension RosterFileEditor {
    /// `key: value`, as the file writes pairs.
    static func pair(_ key: String, _ value: WrittenValue, json: Bool) -> String {
        (json ? "\"\(key)\"" : key) + ": " + value.rendered(json: json)
    }

    /// Writes `key: value` on the entry `node`: in place when the entry writes the key itself,
    /// else added to it (a value from `defaults`, an anchor or a merge key is written explicitly).
    package mutating func setField(_ node: NodeID, _ key: String, _ field: WrittenValue) {
        detachMergers(of: node)
        let value = field.rendered(json: json)
        var editor = self.editor
        defer { self.editor = editor }
        let document = editor.document
        let start = editor.location(node)
        for i in 0..<document.pairCount(node) where document.string(document.key(node, i)) == key {
            let keyNode = document.key(node, i)
            let at = editor.location(keyNode)
            guard (at.line, at.column) >= (start.line, start.column), let place = editor.valueStart(afterKey: keyNode)
            else { continue }
            // An anchored value (`&infra Infrastructure`) is replaced whole; its anchor moves on.
            let characters = Array(editor.lines[place.line].unicodeScalars)
            var valueColumn = place.column
            if valueColumn < characters.count && characters[valueColumn] == "&" {
                valueColumn += 1 + Self.name(characters, at: valueColumn + 1).count
                while valueColumn < characters.count && characters[valueColumn] == " " { valueColumn += 1 }
            }
            let end = editor.tokenEnd(line: place.line, column: valueColumn, inFlow: editor.isFlow(node))
            anchorSpans.append((place, (place.line, end)))
            // A quoted name stays quoted as it was.
            let quote = valueColumn < characters.count ? characters[valueColumn] : nil
            let value = json ? value : YAMLText.requoted(field, like: quote) ?? value
            let bare = end == place.column && editor.character(at: place.line, place.column - 1) == ":"
            if !bare, editor.isFlow(node),
                let padded = Self.keepingColumns(editor, place.line, place.column, end, value)
            {
                editor.replace(line: place.line, from: place.column, to: padded.to, with: padded.text)
                return
            }
            editor.replace(
                line: place.line, from: place.column, to: end,
                with: (bare ? " " : "") + value
                    + (bare && end < editor.lines[place.line].unicodeScalars.count ? " " : ""))
            return
        }
        let content = editor.contentStart(node)
        if editor.isFlow(node), Self.lastOwnPair(node, in: editor) != nil {
            // `editor` is this function's copy of the file's: hand it over and take it back.
            self.editor = editor
            appendPair(node, Self.pair(key, field, json: json))
            editor = self.editor
        } else if editor.isFlow(node), let close = editor.closing(line: content.line, column: content.column) {
            editor.replace(
                line: close.line, from: close.column, to: close.column, with: ", " + Self.pair(key, field, json: json))
        } else {
            let indent = String(repeating: " ", count: start.column)
            editor.insertFirst(before: editor.lastLine(node) + 1, [indent + Self.pair(key, field, json: json)])
        }
    }

    /// Removes `key` from the entry `node`, when the entry writes it itself.
    package mutating func removeField(_ node: NodeID, _ key: String) {
        detachMergers(of: node)
        let document = editor.document
        let index = (0..<document.pairCount(node)).first { document.string(document.key(node, $0)) == key }
        guard let index else { return }
        Self.removePairs([index], of: node, in: &editor)
    }

    /// Removes an entry with its lines (an entry on lines of its own); one in a flow list is
    /// left to the list's ``FlowListEdit``.
    package mutating func removeEntry(_ node: NodeID) {
        detachMergers(of: node)
        let at = editor.location(node)
        anchorSpans.append(
            ((at.line, at.column), editor.isFlow(node) ? editor.end(node) : (editor.lastLine(node) + 1, 0)))
        if let list = flowList(holding: node) {
            flowEdits[list, default: FlowListEdit(list: list)].removed.insert(node)
            return
        }
        let (line, _) = editor.location(node)
        editor.remove(line..<(editor.lastLine(node) + 1))
    }

    /// Notes that pair `index` of the `levels` mapping goes; ``writeLevelRemovals()`` removes them.
    mutating func removeLevel(_ index: Int, of levels: NodeID, key: NodeID) {
        if removedLevels == nil { removedLevels = (levels, key, []) }
        removedLevels?.pairs.insert(index)
    }

    /// Removes the noted levels of each file: a block mapping's pairs with their lines, a flow
    /// one's with their separators; the `levels` key itself once no level is left (an empty
    /// `levels:` would not load).
    mutating func writeLevelRemovals() {
        guard let removal = removedLevels, let root = editor.document.root else { return }
        let document = editor.document
        if removal.pairs.count == document.pairCount(removal.levels) {
            let index = (0..<document.pairCount(root)).first { document.key(root, $0) == removal.key } ?? 0
            removedRootPair = index
            Self.removePairs([index], of: root, in: &editor, keepingComma: !newSections.isEmpty)
        } else {
            Self.removePairs(removal.pairs, of: removal.levels, in: &editor)
        }
    }

    /// Removes pairs of a mapping: with their lines in a block mapping; in a flow mapping each run
    /// of removed pairs with the separator that joins it to a kept pair (the one after it, else the
    /// one before it), so commas stay right.
    static func removePairs(
        _ removed: Set<Int>, of mapping: NodeID, in editor: inout SourceEditor, keepingComma: Bool = false
    ) {
        let document = editor.document
        let count = document.pairCount(mapping)
        guard editor.isFlow(mapping) else {
            for index in removed {
                let start = editor.location(document.key(mapping, index)).line
                editor.remove(start..<(editor.lastLine(document.value(mapping, index)) + 1))
            }
            return
        }
        guard let spans = FlowSpans(pairs: mapping, in: editor) else { return }
        guard spans.ownLines(in: editor) else {
            spans.removeRuns(removed, in: &editor)
            return
        }
        spans.removeLines(removed, in: &editor)
        // The pair that becomes the last loses its comma, unless sections are added after it.
        if !keepingComma, removed.contains(count - 1),
            let lastKept = (0..<count).last(where: { !removed.contains($0) })
        {
            FlowSpans.setComma(in: &editor, after: spans.spans[lastKept].end, present: false)
        }
    }

    /// The `people` or `teams` flow list that holds `node`, if any.
    func flowList(holding node: NodeID) -> NodeID? {
        sections.first { section in
            editor.document.kind(section.node) == .sequence && editor.isFlow(section.node)
                && editor.document.items(section.node).contains(node)
        }?.node
    }

    /// Appends entries (their fields in order) to the `key` section, in the style of its last
    /// entry; a file without one gets the section.
    package mutating func append(_ entries: [NewEntry], to key: String) {
        let target = sections.first { $0.key == key }
        let defaults = defaults()
        let entries = entries.map { entry in
            entry.fields.map { ($0.key, $0.value) }.filter { key, value in
                // What the file's `defaults` give is left out, as a person writing the file would.
                guard case .token(let text) = value, let byDefault = defaults[key] else { return true }
                return text != byDefault
            }
        }
        let pad = target.map { spaced($0.node, in: editor) } ?? false ? " " : ""
        let inner = target.flatMap { pairIndent(of: $0.node) }
        let flowLines = entries.map { fields in
            let pairs = fields.map { Self.pair($0.0, $0.1, json: json) }
            // Entries written a pair per line (pretty JSON) get new ones written so.
            guard let inner else { return "{" + pad + pairs.joined(separator: ", ") + pad + "}" }
            return "{\n" + pairs.map { inner + $0 }.joined(separator: ",\n") + "\n}"
        }
        guard let section = target?.node else {
            newSections.append((key, .list(flowLines)))
            return
        }
        let document = editor.document
        if document.kind(section) == .sequence && editor.isFlow(section) {
            flowEdits[section, default: FlowListEdit(list: section)].appended += flowLines
        } else if document.kind(section) == .sequence, let last = document.items(section).last {
            Self.appendBlock(entries, after: last, in: &editor, json: json)
        } else {
            // `people:` with nothing, `null` or `~`: the value becomes a flow list of the entries.
            let at = editor.contentStart(section)
            let end =
                document.isNull(section) && editor.character(at: at.line, at.column) == nil
                ? at.column : editor.tokenEnd(line: at.line, column: at.column, inFlow: true)
            let bare = at.column == end && editor.character(at: at.line, at.column - 1) == ":"
            editor.replace(
                line: at.line, from: at.column, to: end,
                with: (bare ? " " : "") + "[" + flowLines.joined(separator: ", ") + "]")
        }
    }

    /// Adds to the file's `newValues` the values of a newer MPS written into it that it does not
    /// declare yet (`declared`): appended to the list in its style, or a new section.
    mutating func declareNewValues(declared: Set<String>) {
        do {
            let missing = written.subtracting(declared).sorted()
            guard !missing.isEmpty, let root = editor.document.root else { return }
            let rendered = missing.map { WrittenValue.token($0).rendered(json: json) }
            let document = editor.document
            let pair = (0..<document.pairCount(root)).first {
                document.string(document.key(root, $0)) == RosterFormat.TopLevelKey.newValues.name
            }
            guard let pair else {
                newSections.append((RosterFormat.TopLevelKey.newValues.name, .list(rendered)))
                return
            }
            let list = document.value(root, pair)
            if document.kind(list) == .sequence && editor.isFlow(list) {
                flowEdits[list, default: FlowListEdit(list: list)].appended += rendered
            } else if document.kind(list) == .sequence, let last = document.items(list).last {
                let indent = editor.indentation(of: editor.location(last).line)
                editor.insert(before: editor.lastLine(last) + 1, rendered.map { indent + "- " + $0 })
            } else {
                let at = editor.contentStart(list)
                let end = editor.tokenEnd(line: at.line, column: at.column, inFlow: true)
                let bare = at.column == end && editor.character(at: at.line, at.column - 1) == ":"
                editor.replace(
                    line: at.line, from: at.column, to: end,
                    with: (bare ? " " : "") + "[" + rendered.joined(separator: ", ") + "]")
            }
        }
    }

    /// The craft, level and focus the file's `defaults` give, by key, in their canonical spelling.
    package func defaults() -> [String: String] {
        let document = editor.document
        guard let root = document.root, document.kind(root) == .mapping,
            let pair = (0..<document.pairCount(root)).first(where: {
                document.string(document.key(root, $0)) == RosterFormat.TopLevelKey.defaults.name
            })
        else { return [:] }
        let defaults = document.value(root, pair)
        guard document.kind(defaults) == .mapping else { return [:] }
        var given: [String: String] = [:]
        for i in 0..<document.pairCount(defaults) {
            let key = document.string(document.key(defaults, i)), value = document.string(document.value(defaults, i))
            switch key {
            case RosterFormat.DefaultsKey.craft.name: given[key] = Craft.parse(value)?.rawValue
            case RosterFormat.DefaultsKey.level.name: given[key] = JobLevel.parse(value)?.rawValue
            case RosterFormat.DefaultsKey.focus.name: given[key] = Focus.parse(value)?.rawValue
            default: break
            }
        }
        return given
    }

    /// Appends entries after `last`, a block list's last entry, in that entry's style.
    private static func appendBlock(
        _ entries: [[(String, WrittenValue)]], after last: NodeID, in editor: inout SourceEditor, json: Bool
    ) {
        let itemLine = editor.location(last).line
        let indent = editor.indentation(of: itemLine)
        let block = editor.document.kind(last) == .mapping && !editor.isFlow(last)
        let inserted: [String] = entries.flatMap { fields -> [String] in
            guard block else {
                let pad = editor.character(at: itemLine, editor.contentStart(last).column + 1) == " " ? " " : ""
                return [
                    indent + "- {" + pad + fields.map { Self.pair($0.0, $0.1, json: json) }.joined(separator: ", ")
                        + pad + "}"
                ]
            }
            return fields.enumerated().map { n, field in
                indent + (n == 0 ? "- " : "  ") + Self.pair(field.0, field.1, json: false)
            }
        }
        editor.insert(before: editor.lastLine(last) + 1, inserted)
    }

    /// Adds the sections each file lacks (`people`, `teams`): members of a flow root (`{…}`,
    /// JSON) in the root's own layout, with one comma after what was there, else block sections at
    /// the end.
    mutating func writeNewSections() {
        guard !newSections.isEmpty else { return }
        Self.addSections(newSections, to: &editor, json: json, removed: removedRootPair)
    }

    static func addSections(
        _ sections: [(key: String, value: NewSection)], to editor: inout SourceEditor, json: Bool, removed: Int?
    ) {
        let document = editor.document
        guard let root = document.root, document.kind(root) == .mapping, editor.isFlow(root) else {
            editor.insert(
                before: editor.lines.count,
                sections.flatMap { section in
                    switch section.value {
                    case .list(let entries): return ["\(section.key):"] + entries.map { "  - " + $0 }
                    case .flow(let text): return ["\(section.key): \(text)"]
                    }
                })
            return
        }
        let name = { (key: String) in json ? "\"\(key)\"" : key }
        let open = editor.contentStart(root)
        guard let close = editor.closing(line: open.line, column: open.column) else { return }
        // The last pair that stays (a `levels` pair this pull removes does not).
        let count = (0..<document.pairCount(root)).last { $0 != removed }.map { $0 + 1 } ?? 0
        let lastValue = count > 0 ? document.value(root, count - 1) : nil
        let after: (line: Int, column: Int) = lastValue.map { editor.end($0) } ?? (open.line, open.column + 1)
        if close.line == open.line || lastValue == nil || after.line == close.line {
            let members = sections.map { name($0.key) + ": " + $0.value.flow }
            let text = (lastValue == nil ? "" : ", ") + members.joined(separator: ", ")
            editor.replace(line: after.line, from: after.column, to: after.column, with: text)
            return
        }
        let indent = editor.indentation(of: editor.location(document.key(root, count - 1)).line)
        if !FlowSpans.startsWithComma(editor.lines[after.line], after.column) {
            editor.replace(line: after.line, from: after.column, to: after.column, with: ",")
        }
        var lines: [String] = []
        for (n, section) in sections.enumerated() {
            let comma = n < sections.count - 1 ? "," : ""
            guard case .list(let entries) = section.value else {
                lines.append(indent + name(section.key) + ": " + section.value.flow + comma)
                continue
            }
            lines.append(indent + name(section.key) + ": [")
            lines += entries.enumerated().map { m, entry in indent + "  " + entry + (m < entries.count - 1 ? "," : "") }
            lines.append(indent + "]" + comma)
        }
        editor.insert(before: close.line, lines)
    }
}

/// A root section pull adds to a file: a list of rendered entries, or a value in flow style.
enum NewSection {
    case list([String])
    case flow(String)

    /// The section's value on one line.
    var flow: String {
        switch self {
        case .list(let entries): return "[" + entries.joined(separator: ", ") + "]"
        case .flow(let text): return text
        }
    }
}
