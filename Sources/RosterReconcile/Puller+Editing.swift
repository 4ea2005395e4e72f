import RosterCore
import RosterYAML

extension Puller {
    static func isJSON(_ file: String) -> Bool { file.hasSuffix(".json") }

    /// `key: value`, as the file writes pairs.
    static func pair(_ key: String, _ value: FieldValue, json: Bool) -> String {
        (json ? "\"\(key)\"" : key) + ": " + value.rendered(json: json)
    }

    /// Writes `key: value` on the entry `node`: in place when the entry writes the key itself,
    /// else added to it (a value from `defaults`, an anchor or a merge key is written explicitly).
    mutating func setField(_ node: NodeID, in file: String, _ key: String, _ field: FieldValue) {
        guard var editor = editors[file] else { return }
        let json = Self.isJSON(file)
        let value = field.rendered(json: json)
        defer { editors[file] = editor }
        let document = editor.document
        let start = editor.location(node)
        for i in 0..<document.pairCount(node) where document.string(document.key(node, i)) == key {
            let keyNode = document.key(node, i)
            let at = editor.location(keyNode)
            guard (at.line, at.column) >= (start.line, start.column), let place = editor.valueStart(afterKey: keyNode)
            else { continue }
            let end = editor.tokenEnd(line: place.line, column: place.column, inFlow: editor.isFlow(node))
            let bare = end == place.column && editor.character(at: place.line, place.column - 1) == ":"
            editor.replace(
                line: place.line, from: place.column, to: end,
                with: (bare ? " " : "") + value + (bare && end < editor.lines[place.line].count ? " " : ""))
            return
        }
        let content = editor.contentStart(node)
        if editor.isFlow(node), let close = editor.closing(line: content.line, column: content.column) {
            editor.replace(
                line: close.line, from: close.column, to: close.column, with: ", " + Self.pair(key, field, json: json))
        } else {
            let indent = String(repeating: " ", count: start.column)
            editor.insert(before: editor.lastLine(node) + 1, [indent + Self.pair(key, field, json: json)])
        }
    }

    /// Rewrites a team's members in the list's own style (flow or block).
    mutating func setMembers(_ node: NodeID, in file: String, _ members: [String]) {
        guard var editor = editors[file] else { return }
        let document = editor.document
        let start = editor.location(node)
        for i in 0..<document.pairCount(node) where document.string(document.key(node, i)) == "members" {
            let keyNode = document.key(node, i), list = document.value(node, i)
            let at = editor.location(keyNode)
            guard (at.line, at.column) >= (start.line, start.column) else { continue }
            let items = document.items(list)
            if document.kind(list) == .sequence && !editor.isFlow(list) && !items.isEmpty && !members.isEmpty {
                let first = editor.location(items[0]).line
                let indent = editor.indentation(of: first)
                editor.remove(first..<(editor.lastLine(list) + 1))
                editor.insert(before: first, members.map { indent + "- " + YAMLText.scalar($0, inFlow: false) })
                editors[file] = editor
                return
            }
            if document.kind(list) == .sequence && editor.isFlow(list) {
                let (line, column) = editor.contentStart(list)
                if let close = editor.closing(line: line, column: column), close.line == line {
                    editor.replace(
                        line: line, from: column, to: close.column + 1,
                        with: FieldValue.list(members).rendered(json: Self.isJSON(file)))
                    editors[file] = editor
                    return
                }
            }
        }
        editors[file] = editor
        setField(node, in: file, "members", .list(members))
    }

    /// Removes an entry with its lines (an entry on lines of its own), or its text and a comma
    /// (an entry inside a flow list).
    mutating func removeEntry(_ node: NodeID, in file: String) {
        guard var editor = editors[file] else { return }
        defer { editors[file] = editor }
        let (line, column) = editor.location(node)
        let before = Array(editor.lines[line].prefix(column)).filter { $0 != " " }
        if before.isEmpty || before == ["-"] {
            editor.remove(line..<(editor.lastLine(node) + 1))
            return
        }
        // Inside a flow list: the entry and the comma after it (or before it, for the last one).
        let content = editor.contentStart(node)
        guard let close = editor.closing(line: content.line, column: content.column), close.line == line else { return }
        let characters = Array(editor.lines[line])
        var end = close.column + 1
        while end < characters.count && characters[end] == " " { end += 1 }
        if end < characters.count && characters[end] == "," {
            end += 1
            while end < characters.count && characters[end] == " " { end += 1 }
            editor.replace(line: line, from: column, to: end, with: "")
        } else {
            var from = column
            while from > 0 && characters[from - 1] == " " { from -= 1 }
            if from > 0 && characters[from - 1] == "," { from -= 1 }
            editor.replace(line: line, from: from, to: close.column + 1, with: "")
        }
    }

    /// Appends entries (their fields in order) to the `key` section of `into`, or of the first
    /// file that has one, in the style of its last entry; a file without one gets the section.
    mutating func append(_ entries: [[(String, FieldValue)]], to key: String, into: String?) {
        let target =
            into.flatMap { file in sections.first { $0.file == file && $0.key == key } }
            ?? sections.first { $0.key == key && (into == nil || $0.file == into) }
        let file = target?.file ?? into ?? sections.first?.file ?? roster.files.first ?? ""
        guard var editor = editors[file] else { return }
        defer { editors[file] = editor }
        let json = Self.isJSON(file)
        let flowLines = entries.map { "{" + $0.map { Self.pair($0.0, $0.1, json: json) }.joined(separator: ", ") + "}" }
        guard let section = target?.node, editor.document.kind(section) == .sequence, !editor.isFlow(section),
            let last = editor.document.items(section).last
        else {
            if let section = target?.node, editor.isFlow(section) {
                let (line, column) = editor.contentStart(section)
                if let close = editor.closing(line: line, column: column) {
                    let empty = editor.document.items(section).isEmpty
                    editor.replace(
                        line: close.line, from: close.column, to: close.column,
                        with: (empty ? "" : ", ") + flowLines.joined(separator: ", "))
                }
                return
            }
            editor.insert(before: editor.lines.count, ["\(key):"] + flowLines.map { "  - " + $0 })
            return
        }
        let itemLine = editor.location(last).line
        let indent = editor.indentation(of: itemLine)
        let block = editor.document.kind(last) == .mapping && !editor.isFlow(last)
        let inserted: [String] = entries.flatMap { fields -> [String] in
            guard block else {
                return [indent + "- {" + fields.map { Self.pair($0.0, $0.1, json: json) }.joined(separator: ", ") + "}"]
            }
            return fields.enumerated().map { n, field in
                indent + (n == 0 ? "- " : "  ") + Self.pair(field.0, field.1, json: false)
            }
        }
        editor.insert(before: editor.lastLine(last) + 1, inserted)
    }
}
