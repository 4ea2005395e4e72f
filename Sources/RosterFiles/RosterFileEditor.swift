import RosterCore
import RosterModel
import RosterYAML

/// Edits one roster file at its nodes' positions, keeping everything it does not touch
/// (comments, order, quoting, flow or block style, indentation, anchors, line endings) byte for
/// byte: a value replaced where it stands, a key added to an entry, an entry removed with its
/// lines, entries appended in the style of the last one, a section added. A JSON file stays
/// JSON. Edits of flow lists, removed levels and new sections are gathered and written together
/// by ``edited()``, so commas come out right however many there are.
package struct RosterFileEditor {
    let file: String
    /// Whether the file is JSON (its values are then written as JSON).
    let json: Bool
    var editor: SourceEditor
    /// The `people` and `teams` sequences, in file order.
    var sections: [(key: String, node: NodeID)] = []
    /// Each entry's mapping node of those sections, by where it starts.
    var entries: [Position: NodeID] = [:]
    /// The flow lists whose entries are removed or appended.
    var flowEdits: [NodeID: FlowListEdit] = [:]
    /// The `levels` pairs removed.
    var removedLevels: (levels: NodeID, key: NodeID, pairs: Set<Int>)?
    /// The root pair (`levels`) removed, if any.
    var removedRootPair: Int?
    /// The sections the file lacks and gets, in order.
    var newSections: [(key: String, value: NewSection)] = []
    /// The text removed or replaced, whose anchors move to their first alias outside it.
    var anchorSpans: [(from: (line: Int, column: Int), to: (line: Int, column: Int))] = []
    /// Values of a newer MPS written into the file: it must declare them.
    package var written: Set<String> = []
    /// Whether the file uses merge keys at all (most do not: no entry is then looked at).
    let hasMergeKeys: Bool
    /// Pairs added to flow mappings, written together by ``edited()``.
    var appendedPairs: [(node: NodeID, pairs: [String])] = []
    /// Entries whose merge key was replaced by the pairs it gave them.
    var detached = Set<NodeID>()
    /// What the editor did besides the edit asked, a line each (an entry's inherited pairs written out).
    package var notes: [String] = []

    struct Position: Hashable {
        var line: Int
        var column: Int
    }

    /// An editor of `file`, whose text is `text`; nil when it does not load as YAML.
    package init?(file: String, text: String) {
        var loader = YAMLLoader()
        loader.fileDescription = "a roster file"
        guard let document = loader.load(Array(text.utf8), file: file).document, let root = document.root else {
            return nil
        }
        self.file = file
        json = file.hasSuffix(".json")
        hasMergeKeys = !json && text.contains("<<")
        editor = SourceEditor(text: text, document: document)
        for i in 0..<document.pairCount(root) {
            let key = document.string(document.key(root, i))
            guard key == RosterFormat.TopLevelKey.people.name || key == RosterFormat.TopLevelKey.teams.name else {
                continue
            }
            let section = document.value(root, i)
            sections.append((key, section))
            for item in document.items(section) where document.kind(item) == .mapping {
                let l = document.location(item)
                entries[Position(line: l.line, column: l.column)] = item
            }
        }
    }

    /// The text a roster file starts as when an edit or a pull creates it (`--into` a new file):
    /// an empty roster, JSON for a `.json` file.
    package static func newFileText(_ file: String) -> String {
        file.hasSuffix(".json") ? "{\n  \"version\": 1\n}\n" : "version: 1\n"
    }

    /// The document the positions refer to.
    var document: YAMLDocument { editor.document }

    /// The entry of `people` or `teams` that starts at `location`.
    package func entry(at location: SourceLocation) -> NodeID? {
        entries[Position(line: location.line, column: location.column)]
    }

    /// The file new entries of `section` go to: `into`, else the first of `files` with the
    /// section, else the first with people or teams, else the first file.
    package static func file(
        for section: String, into: String?, among files: [String], _ editors: [String: RosterFileEditor]
    ) -> String {
        if let into { return into }
        return files.first { editors[$0]?.hasSection(section) == true }
            ?? files.first { editors[$0]?.sections.isEmpty == false } ?? files.first ?? ""
    }

    /// Whether the file has a `key` section (`people`, `teams`).
    func hasSection(_ key: String) -> Bool { sections.contains { $0.key == key } }

    /// The value of the root's `key`, if the file has one.
    package func rootValue(_ key: String) -> NodeID? {
        guard let root = document.root, document.kind(root) == .mapping else { return nil }
        return (0..<document.pairCount(root)).first { document.string(document.key(root, $0)) == key }.map {
            document.value(root, $0)
        }
    }

    /// Sets, or (`months` nil) removes, the limit of `level` under `levels`.
    package mutating func setLevel(_ level: String, limitMonths months: Int?) {
        guard let root = document.root else { return }
        for i in 0..<document.pairCount(root)
        where document.string(document.key(root, i)) == RosterFormat.TopLevelKey.levels.name {
            let levels = document.value(root, i)
            // Level keys are read in any case (`senior:`), so they are found so.
            for j in 0..<document.pairCount(levels)
            where JobLevel.parse(document.string(document.key(levels, j)))?.rawValue == level {
                if let months {
                    setField(document.value(levels, j), RosterFormat.LevelKey.limitMonths.name, .number(months))
                } else {
                    removeLevel(j, of: levels, key: document.key(root, i))
                }
            }
        }
    }

    /// The new text once every edit is written; nil when nothing changes.
    package mutating func edited(declared: Set<String> = []) -> String? {
        keepAnchors()
        writeAppendedPairs()
        writeLevelRemovals()
        declareNewValues(declared: declared)
        writeNewSections()
        for edit in flowEdits.values { edit.write(in: &editor) }
        flowEdits = [:]
        return editor.hasEdits ? editor.edited() : nil
    }
}
