import CYAML
import RosterDiagnostics

/// Loads one YAML (or JSON) document into a ``YAMLNode`` tree through libyaml's event parser.
///
/// The loader enforces the roster format's YAML rules: one document whose root is a mapping,
/// no duplicate keys, core tags only, defined aliases, and a bound on alias expansion. Every
/// problem becomes a positioned ``Diagnostic``; nothing is printed and nothing traps.
public struct YAMLLoader: Sendable {
    /// Aliases may expand to at most this many nodes, or to ``aliasRatio`` times the nodes
    /// the document itself holds, whichever is larger ("billion laughs" protection).
    public var aliasExpansionLimit: Int
    /// See ``aliasExpansionLimit``.
    public var aliasRatio: Int
    /// Deepest nesting accepted; deeper input is refused rather than exhausting the stack.
    public var maxDepth: Int

    public init(aliasExpansionLimit: Int = 1_000_000, aliasRatio: Int = 10, maxDepth: Int = 512) {
        self.aliasExpansionLimit = aliasExpansionLimit
        self.aliasRatio = aliasRatio
        self.maxDepth = maxDepth
    }

    /// The outcome of loading: the root mapping when the document could be read, and every
    /// problem found. A root is returned even with non-fatal errors (a duplicate key), so the
    /// schema layer can report its own problems in the same run.
    public struct Result: Sendable {
        public var root: YAMLNode?
        public var diagnostics: [Diagnostic]
    }

    /// Loads `bytes`, naming `file` in locations. JSON's UTF-16 surrogate-pair escapes
    /// (`\uD83D\uDE00`), which libyaml refuses, are accepted in every file (see README).
    public func load(_ bytes: [UInt8], file: String) -> Result {
        let rewrite = SurrogateEscapeRewriter.rewrite(bytes, file: file)
        if !rewrite.diagnostics.isEmpty {
            return Result(root: nil, diagnostics: rewrite.diagnostics)
        }
        var builder = TreeBuilder(file: file, loader: self, columnShifts: rewrite.columnShifts)
        rewrite.bytes.withUnsafeBufferPointer { buffer in
            builder.run(buffer)
        }
        return Result(root: builder.root, diagnostics: builder.diagnostics)
    }
}

/// Builds the tree from libyaml's events. One instance per document.
struct TreeBuilder {
    let file: String
    let loader: YAMLLoader
    let columnShifts: [Int: [(column: Int, shift: Int)]]

    var root: YAMLNode?
    var diagnostics: [Diagnostic] = []

    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    private var parsedNodes = 0
    private var expandedNodes = 0
    private var documents = 0

    init(file: String, loader: YAMLLoader, columnShifts: [Int: [(column: Int, shift: Int)]]) {
        self.file = file
        self.loader = loader
        self.columnShifts = columnShifts
    }

    /// A collection under construction.
    private struct Frame {
        var isMapping: Bool
        var location: SourceLocation
        var tag: CoreTag?
        var anchor: String?
        var items: [YAMLNode] = []
        var pairs: [YAMLPair] = []
        var pendingKey: YAMLNode?
        /// `<<` values waiting to be merged when the mapping ends, in document order.
        var merges: [YAMLNode] = []
        var size = 1
        /// Key positions by value, built once a mapping grows past a few keys so duplicate
        /// detection stays linear in the mapping's size.
        var keyIndex: [String: SourceLocation]?
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            diagnostics.append(.error("out of memory while starting the YAML parser", at: .file(file)))
            return
        }
        defer { yaml_parser_delete(&parser) }
        if let base = buffer.baseAddress {
            yaml_parser_set_input_string(&parser, base, buffer.count)
        } else {
            var empty: UInt8 = 0
            yaml_parser_set_input_string(&parser, &empty, 0)
        }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                diagnostics.append(syntaxError(parser, buffer))
                root = nil
                return
            }
            let type = event.type
            let keepGoing = handle(&event)
            yaml_event_delete(&event)
            if !keepGoing || type == YAML_STREAM_END_EVENT { break }
        }
        if documents == 0 && diagnostics.isEmpty {
            diagnostics.append(.error("the file holds no document; a roster starts with `version: 1`", at: location(line: 0, column: 0)))
        }
    }

    /// Handles one event; returns false to stop parsing.
    private mutating func handle(_ event: inout yaml_event_t) -> Bool {
        let mark = event.start_mark
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                diagnostics.append(.error("a roster file holds one YAML document; found a second one", at: location(mark)))
                return false
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let value = string(s.value, count: s.length)
            let style: ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            let loc = location(mark)
            let tag = coreTag(s.tag, at: loc, quotedNonSpecific: style != .plain)
            let node = YAMLNode(.scalar(YAMLScalar(value, style: style)), location: loc, tag: tag)
            parsedNodes += 1
            if let anchor = s.anchor { anchors[cString(anchor)] = (node, 1) }
            add(node, size: 1)
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let rawTag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
            let rawAnchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
            let loc = location(mark)
            if stack.count >= loader.maxDepth {
                diagnostics.append(.error("the document nests deeper than \(loader.maxDepth) levels", at: loc))
                return false
            }
            let tag = coreTag(rawTag, at: loc, quotedNonSpecific: false)
            stack.append(Frame(isMapping: isMapping, location: loc, tag: tag, anchor: rawAnchor.map { cString($0) }))
            parsedNodes += 1
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard var frame = stack.popLast() else { return false }
            let node: YAMLNode
            if frame.isMapping {
                finishMerges(&frame)
                node = YAMLNode(.mapping(frame.pairs), location: frame.location, tag: frame.tag)
            } else {
                node = YAMLNode(.sequence(frame.items), location: frame.location, tag: frame.tag)
            }
            if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
            add(node, size: frame.size)
        case YAML_ALIAS_EVENT:
            let name = cString(event.data.alias.anchor)
            guard let anchored = anchors[name] else {
                diagnostics.append(.error("undefined alias \"*\(name)\"; no anchor \"&\(name)\" comes before it", at: location(mark)))
                return false
            }
            expandedNodes += anchored.size
            if expandedNodes > max(loader.aliasExpansionLimit, loader.aliasRatio * parsedNodes) {
                diagnostics.append(.error("aliases expand to more than \(max(loader.aliasExpansionLimit, loader.aliasRatio * parsedNodes)) nodes; refusing to expand further", at: location(mark)))
                return false
            }
            add(anchored.node, size: anchored.size, isAlias: true)
        default:
            break
        }
        return true
    }

    /// Adds a finished node to the collection under construction, or makes it the root.
    private mutating func add(_ node: YAMLNode, size: Int, isAlias: Bool = false) {
        guard !stack.isEmpty else {
            if node.pairs == nil {
                diagnostics.append(.error("the top level of a roster file must be a mapping (`version: 1`, `people:`, …), not \(node.kindDescription)", at: node.location))
            } else {
                root = node
            }
            return
        }
        let top = stack.count - 1
        stack[top].size += size
        if !stack[top].isMapping {
            stack[top].items.append(node)
            return
        }
        guard let key = stack[top].pendingKey else {
            stack[top].pendingKey = node
            return
        }
        stack[top].pendingKey = nil
        if isMergeKey(key) {
            stack[top].merges.append(node)
            return
        }
        if let first = firstOccurrence(of: key, in: &stack[top]) {
            diagnostics.append(.error("duplicate key \"\(key.scalar?.value ?? "")\"", at: key.location,
                                      notes: [DiagnosticNote(location: first, message: "first defined here")]))
            return
        }
        stack[top].pairs.append(YAMLPair(key: key, value: node))
    }

    private func isMergeKey(_ key: YAMLNode) -> Bool {
        guard let s = key.scalar else { return false }
        return s.style == .plain && s.value == "<<" && key.tag == nil
    }

    /// Where `key` first appeared in the mapping, if it did; records it otherwise.
    private func firstOccurrence(of key: YAMLNode, in frame: inout Frame) -> SourceLocation? {
        guard let k = key.scalar?.value else { return nil }
        if frame.keyIndex == nil && frame.pairs.count < 8 {
            for pair in frame.pairs where pair.key.scalar?.value == k {
                return pair.key.location
            }
            return nil
        }
        if frame.keyIndex == nil {
            var index: [String: SourceLocation] = [:]
            for pair in frame.pairs {
                if let v = pair.key.scalar?.value, index[v] == nil { index[v] = pair.key.location }
            }
            frame.keyIndex = index
        }
        if let first = frame.keyIndex?[k] { return first }
        frame.keyIndex?[k] = key.location
        return nil
    }

    /// Applies `<<` merge keys: explicit keys win, then earlier merge sources win.
    private mutating func finishMerges(_ frame: inout Frame) {
        guard !frame.merges.isEmpty else { return }
        var seen = Set(frame.pairs.compactMap { $0.key.scalar?.value })
        for merge in frame.merges {
            let sources: [YAMLNode]
            switch merge.content {
            case .mapping: sources = [merge]
            case .sequence(let items): sources = items
            case .scalar: sources = []
            }
            if sources.isEmpty || sources.contains(where: { $0.pairs == nil }) {
                diagnostics.append(.error("a merge key `<<` takes an alias of a mapping or a list of them", at: merge.location))
                continue
            }
            for source in sources {
                for pair in source.pairs ?? [] {
                    guard let k = pair.key.scalar?.value, !seen.contains(k) else { continue }
                    seen.insert(k)
                    frame.pairs.append(pair)
                }
            }
        }
    }

    /// Resolves an explicit tag; anything but the core tags is an error.
    private mutating func coreTag(_ raw: UnsafeMutablePointer<yaml_char_t>?, at loc: SourceLocation, quotedNonSpecific: Bool) -> CoreTag? {
        guard let raw else { return nil }
        let tag = cString(raw)
        let prefix = "tag:yaml.org,2002:"
        if tag.hasPrefix(prefix), let core = CoreTag(rawValue: String(tag.dropFirst(prefix.count))) {
            return core
        }
        if tag == "!" { return .str }
        diagnostics.append(.error("unsupported tag \"\(tag)\"; only the core tags !!str, !!int, !!bool, !!null, !!map and !!seq are allowed", at: loc))
        return nil
    }

    private mutating func syntaxError(_ parser: yaml_parser_t, _ buffer: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        if parser.error == YAML_MEMORY_ERROR {
            return .error("out of memory while parsing", at: .file(file))
        }
        if parser.error == YAML_READER_ERROR {
            var offset = min(parser.problem_offset, buffer.count)
            var message = problem
            if problem.contains("trailing UTF-8") {
                // libyaml points at the byte that fails to continue a sequence; the user needs
                // the sequence's first byte.
                var lead = offset
                while lead > 0 && offset - lead < 4 && buffer[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
                if lead > 0 { lead -= 1 }
                message = "invalid UTF-8: the byte \(hexByte(Int32(buffer[lead]))) starts a sequence that \(hexByte(parser.problem_value)) does not continue"
                offset = lead
            } else if parser.problem_value != -1 {
                message = (problem.contains("UTF-8") ? "invalid UTF-8: " : "") + problem + " (\(hexByte(parser.problem_value)))"
            }
            return .error(message, at: offsetLocation(offset, buffer))
        }
        var notes: [DiagnosticNote] = []
        if let context = parser.context {
            notes.append(DiagnosticNote(location: location(parser.context_mark), message: String(cString: context)))
        }
        return .error(problem, at: location(parser.problem_mark), notes: notes)
    }

    private func hexByte(_ value: Int32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "#x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// Line and column of a byte offset, for reader errors that carry no mark.
    private func offsetLocation(_ offset: Int, _ buffer: UnsafeBufferPointer<UInt8>) -> SourceLocation {
        var line = 0
        var column = 0
        for byte in buffer.prefix(min(offset, buffer.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 0
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return location(line: line, column: column)
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        location(line: Int(mark.line), column: Int(mark.column))
    }

    /// 1-based location from libyaml's 0-based line and column, undoing the shifts of
    /// rewritten surrogate escapes on that line.
    private func location(line: Int, column: Int) -> SourceLocation {
        var col = column
        if !columnShifts.isEmpty, let shifts = columnShifts[line] {
            for s in shifts where s.column < column { col += s.shift }
        }
        return SourceLocation(file: file, line: line + 1, column: col + 1)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, count: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    private func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: pointer)
    }
}
