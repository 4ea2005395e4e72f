import RosterCore
import RosterModel
import RosterYAML

/// What the edit commands add that pull never does: a level limit the file lacks, and the
/// lists of names inside a root section (`policy.protected.people`).
extension RosterFileEditor {
    /// The value of `key` in the mapping `node`, if it writes one.
    func value(of node: NodeID, _ key: String) -> NodeID? {
        let document = editor.document
        guard document.kind(node) == .mapping else { return nil }
        return (0..<document.pairCount(node)).first { document.string(document.key(node, $0)) == key }.map {
            document.value(node, $0)
        }
    }

    /// Adds `level: { limitMonths: months }` to the file: to its `levels` mapping in that
    /// mapping's style (flow or block, the last level's value style), or as a new section.
    package mutating func addLevel(_ level: String, limitMonths months: Int) {
        let name = json ? "\"\(level)\"" : level
        let pad = spacedLevels ? " " : ""
        let limit =
            "{" + pad + Self.pair(RosterFormat.LevelKey.limitMonths.name, .number(months), json: json) + pad + "}"
        guard let levels = rootValue(RosterFormat.TopLevelKey.levels.name) else {
            newSections.append((RosterFormat.TopLevelKey.levels.name, .flow("{" + name + ": " + limit + "}")))
            return
        }
        guard document.kind(levels) == .mapping, document.pairCount(levels) > 0 else {
            // `levels: {}` or an empty `levels:`: the one level written in its place.
            let start = editor.contentStart(levels)
            if document.kind(levels) == .mapping, editor.isFlow(levels) {
                editor.replaceSpan(from: start, to: editor.end(levels), with: "{" + name + ": " + limit + "}")
            } else if let root = document.root {
                setField(root, RosterFormat.TopLevelKey.levels.name, .token("{" + name + ": " + limit + "}"))
            }
            return
        }
        let last = document.value(levels, document.pairCount(levels) - 1)
        if editor.isFlow(levels) {
            appendPair(levels, name + ": " + limit)
            return
        }
        let keyLine = editor.location(document.key(levels, document.pairCount(levels) - 1)).line
        let indent = editor.indentation(of: keyLine)
        let lines =
            editor.isFlow(last)
            ? [indent + name + ": " + limit]
            : [
                indent + name + ":",
                indent + "  " + Self.pair(RosterFormat.LevelKey.limitMonths.name, .number(months), json: json),
            ]
        editor.insert(before: editor.lastLine(last) + 1, lines)
    }

    /// Edits the list of names under `key` of the mapping `node` where its items stand: the items
    /// at `removing` go with their lines (a block list) or their commas (a flow list), those at
    /// `replacing` get new text, and `appending` come after the last, in the list's style; every
    /// other item, comment and line stays as written. A mapping without the list gets it.
    package mutating func editList(
        _ node: NodeID, _ key: String, removing: Set<Int>, replacing: [Int: String], appending: [String]
    ) {
        detachMergers(of: node)
        let start = editor.location(node)
        let pair = (0..<document.pairCount(node)).first { i in
            let at = editor.location(document.key(node, i))
            return document.string(document.key(node, i)) == key && (at.line, at.column) >= (start.line, start.column)
        }
        guard let pair, document.kind(document.value(node, pair)) == .sequence else {
            if !appending.isEmpty { setField(node, key, .list(appending)) }
            return
        }
        let list = document.value(node, pair)
        let items = Array(document.items(list))
        let flow = editor.isFlow(list)
        for (i, text) in replacing where i < items.count && !removing.contains(i) {
            let start = editor.contentStart(items[i])
            let plain =
                json || flow ? WrittenValue.text(text).rendered(json: json) : YAMLText.scalar(text, inFlow: false)
            // A quoted name stays quoted as it was.
            let rendered =
                json
                ? plain : YAMLText.requoted(.text(text), like: editor.character(at: start.line, start.column)) ?? plain
            editor.replaceSpan(from: start, to: editor.end(items[i]), with: rendered)
        }
        if flow {
            flowEdits[list, default: FlowListEdit(list: list)].removed.formUnion(removing.map { items[$0] })
            flowEdits[list, default: FlowListEdit(list: list)].appended += appending.map {
                WrittenValue.text($0).rendered(json: json)
            }
            return
        }
        for i in removing.sorted() where i < items.count {
            editor.remove(editor.location(items[i]).line..<(editor.lastLine(items[i]) + 1))
        }
        guard let last = items.last, !appending.isEmpty else { return }
        let indent = editor.indentation(of: editor.location(last).line)
        editor.insert(
            before: editor.lastLine(last) + 1, appending.map { indent + "- " + YAMLText.scalar($0, inFlow: false) })
    }

    /// Whether the file's last level limit is written `{ limitMonths: 24 }`, with inner spaces.
    var spacedLevels: Bool {
        guard let levels = rootValue(RosterFormat.TopLevelKey.levels.name), document.kind(levels) == .mapping,
            document.pairCount(levels) > 0
        else { return false }
        let last = document.value(levels, document.pairCount(levels) - 1)
        let at = editor.contentStart(last)
        return editor.isFlow(last) && editor.character(at: at.line, at.column + 1) == " "
    }

    /// Rewrites the names of `policy.SECTION.KIND` (`protected`, `people`) when the file writes
    /// that list.
    package mutating func setPolicyList(_ section: String, _ kind: String, _ names: [String]) {
        guard let policy = rootValue(RosterFormat.TopLevelKey.policy.name), let inner = value(of: policy, section),
            value(of: inner, kind) != nil
        else { return }
        setList(inner, kind, names)
    }
}
