import RosterCore

/// Builds a ``YAMLDocument`` from libyaml's events. One instance per document.
struct DocumentBuilder {
    let file: FileID
    let loader: YAMLLoader
    let columnShifts: [Int: [(column: Int, shift: Int)]]

    private var records: [YAMLDocument.Record] = []
    private var children: [Int32] = []
    private var text: [UInt8] = []
    /// Children of the open collections, innermost last; each frame knows where its own start.
    private var pending: [Int32] = []
    private var stack: [Frame] = []
    /// Anchored nodes with their subtree sizes, for the alias expansion bound.
    private var anchors: [String: (id: Int32, size: UInt32)] = [:]
    private var expandedNodes = 0
    private var documents = 0
    private var root: NodeID?
    private var diagnostics: [Diagnostic] = []
    private var failed = false

    /// A collection under construction.
    private struct Frame {
        var record: Int32
        var pendingStart: Int
        var anchor: String?
        /// `<<` values waiting to be merged when the mapping ends, in document order.
        var merges: [Int32] = []
        /// Pairs that came from merge keys, appended after the explicit ones.
        var mergedCount = 0
        var size: UInt32 = 1
    }

    init(
        file: FileID, loader: YAMLLoader, columnShifts: [Int: [(column: Int, shift: Int)]], capacity: Int
    ) {
        self.file = file
        self.loader = loader
        self.columnShifts = columnShifts
        // A block-style document of short keys and values has about one node per 10 bytes, and no
        // document has more scalar text than input; reserving that up front saves regrowing (and
        // copying) the arrays.
        // Reserved pages that are never written cost no memory.
        records.reserveCapacity(capacity / 9 + 16)
        children.reserveCapacity(capacity / 9 + 16)
        text.reserveCapacity(capacity + 16)
    }

    func finish() -> YAMLLoader.Result {
        if failed { return YAMLLoader.Result(document: nil, diagnostics: diagnostics) }
        let document = YAMLDocument(file: file, records: records, children: children, text: text, root: root)
        return YAMLLoader.Result(document: root == nil ? nil : document, diagnostics: diagnostics)
    }

    mutating func run(_ bytes: [UInt8]) {
        if bytes.count >= loader.backgroundThreshold {
            BackgroundEventParser.parse(bytes) { source in build(from: &source, bytes) }
        } else if EventParser.parse(bytes, { parser in build(from: &parser, bytes) }) == nil {
            fail(syntaxError(.outOfMemory, bytes))
        }
        if documents == 0 && diagnostics.isEmpty {
            diagnostics.append(
                Diagnostic(.error, at: location(line: 0, column: 0), YAMLLoader.noDocument, code: .noDocument))
        }
    }

    /// Builds the tree from the source's events, until the stream ends or an error stops it.
    private mutating func build<Source: EventSource>(from source: inout Source, _ bytes: [UInt8]) {
        while true {
            guard let event = source.next() else { return fail(syntaxError(source.failure, bytes)) }
            let start = UInt32(text.count)
            if event.kind == .scalar { source.appendScalar(to: &text) }
            let tag = event.hasTag ? source.tag() : nil
            let anchor = event.hasAnchor ? source.anchor() : nil
            guard handle(event, tag: tag, anchor: anchor, textStart: start), event.kind != .streamEnd else { return }
        }
    }

    private mutating func fail(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        failed = true
    }

    /// Handles one event; returns false to stop.
    private mutating func handle(
        _ event: EventParser.Event, tag tagName: String?, anchor: String?, textStart: UInt32
    ) -> Bool {
        switch event.kind {
        case .documentStart:
            documents += 1
            guard documents == 1 else {
                diagnostics.append(
                    .error(
                        .twoDocuments, "\(loader.fileDescription) holds one YAML document; found a second one",
                        at: location(event))
                )
                return false
            }
            return true
        case .scalar:
            let tag = tagName.map { coreTag($0, at: event) } ?? 0
            let id = append(
                YAMLDocument.Record(
                    kind: .scalar, style: event.style, tag: tag, line: 0, column: 0,
                    start: textStart, count: UInt32(text.count) - textStart), event)
            if let anchor { anchors[anchor] = (id, 1) }
            return add(id, size: 1)
        case .sequenceStart, .mappingStart: return open(event, tag: tagName, anchor: anchor)
        case .sequenceEnd, .mappingEnd: return close()
        case .alias: return alias(event, name: anchor ?? "")
        case .streamEnd, .other: return true
        }
    }

    /// A mapping or sequence starts: its frame goes on the stack.
    private mutating func open(_ event: EventParser.Event, tag tagName: String?, anchor: String?) -> Bool {
        if stack.count >= loader.maxDepth {
            diagnostics.append(
                .error(.tooDeep, "the document nests deeper than \(loader.maxDepth) levels", at: location(event)))
            return false
        }
        let tag = tagName.map { coreTag($0, at: event) } ?? 0
        let id = append(
            YAMLDocument.Record(
                kind: event.kind == .mappingStart ? .mapping : .sequence, style: .plain, tag: tag,
                line: 0, column: 0, start: 0, count: 0), event)
        stack.append(Frame(record: id, pendingStart: pending.count, anchor: anchor))
        return true
    }

    /// A mapping or sequence ends: its children move from `pending` to `children`.
    private mutating func close() -> Bool {
        guard var frame = stack.popLast() else { return false }
        let r = Int(frame.record)
        if records[r].kind == .mapping {
            finishMerges(&frame)
            checkDuplicateKeys(pendingStart: frame.pendingStart, mergedCount: frame.mergedCount)
            records[r].count = UInt32((pending.count - frame.pendingStart) / 2)
        } else {
            records[r].count = UInt32(pending.count - frame.pendingStart)
        }
        records[r].start = UInt32(children.count)
        children.append(contentsOf: pending[frame.pendingStart...])
        pending.removeSubrange(frame.pendingStart...)
        if let anchor = frame.anchor { anchors[anchor] = (frame.record, frame.size) }
        return add(frame.record, size: frame.size)
    }

    /// An alias: the anchored node again, within the expansion bound.
    private mutating func alias(_ event: EventParser.Event, name: String) -> Bool {
        guard let anchored = anchors[name] else {
            diagnostics.append(
                .error(
                    .undefinedAlias, "undefined alias \"*\(name)\"; no anchor \"&\(name)\" comes before it",
                    at: location(event)))
            return false
        }
        expandedNodes += Int(anchored.size)
        let limit = max(loader.aliasExpansionLimit, loader.aliasRatio * records.count)
        if expandedNodes > limit {
            diagnostics.append(
                .error(
                    .aliasExpansion, "aliases expand to more than \(limit) nodes; refusing to expand further",
                    at: location(event)))
            return false
        }
        return add(anchored.id, size: anchored.size)
    }

    private mutating func append(_ record: YAMLDocument.Record, _ event: EventParser.Event) -> Int32 {
        var record = record
        record.line = UInt32(event.line + 1)
        record.column = UInt32(event.column + 1)
        // Not a call to `location(_:)` on every node: a non-mutating call from here copies the builder.
        if !columnShifts.isEmpty { record.column = UInt32(location(event).column) }
        records.append(record)
        return Int32(records.count - 1)
    }

    /// Adds a finished node to the collection under construction, or makes it the root.
    private mutating func add(_ id: Int32, size: UInt32) -> Bool {
        guard !stack.isEmpty else {
            if records[Int(id)].kind == .mapping {
                root = NodeID(rawIndex: id)
            } else {
                let description = YAMLDocument(file: file, records: records, children: children, text: text, root: nil)
                    .kindDescription(NodeID(rawIndex: id))
                diagnostics.append(
                    .error(
                        .rootNotMapping,
                        "the top level of \(loader.fileDescription) must be a mapping\(loader.rootHint), not "
                            + "\(description)",
                        at: nodeLocation(id)))
            }
            return true
        }
        let top = stack.count - 1
        stack[top].size &+= size
        let r = records[Int(stack[top].record)]
        if r.kind == .mapping && (pending.count - stack[top].pendingStart) % 2 == 1 {
            // `id` is a value; the key before it may be the merge key `<<`.
            if Self.isMergeKey(pending[pending.count - 1], records, text) {
                pending.removeLast()
                stack[top].merges.append(id)
                return true
            }
        }
        pending.append(id)
        return true
    }

    private func bytes(_ k: Int32) -> ArraySlice<UInt8> {
        let r = records[Int(k)]
        return text[Int(r.start)..<Int(r.start + r.count)]
    }

    private func isScalar(_ k: Int32) -> Bool { records[Int(k)].kind == .scalar }

    /// Duplicate keys among the mapping's own pairs (merged pairs never clash). Small mappings
    /// (a person's four or five keys) compare each key with those before it; larger ones hash.
    private mutating func checkDuplicateKeys(pendingStart base: Int, mergedCount: Int) {
        let count = (pending.count - base) / 2 - mergedCount
        guard count > 1 else { return }
        var duplicates: [(key: Int32, first: Int32)] = []
        if count <= 8 {
            for i in 1..<count {
                let key = pending[base + 2 * i]
                for j in 0..<i where Self.sameScalar(key, pending[base + 2 * j], records, text) {
                    duplicates.append((key, pending[base + 2 * j]))
                    break
                }
            }
        } else {
            var seen: [ArraySlice<UInt8>: Int32] = [:]
            seen.reserveCapacity(count)
            for i in 0..<count {
                let key = pending[base + 2 * i]
                guard isScalar(key) else { continue }
                if let first = seen[bytes(key)] { duplicates.append((key, first)) } else { seen[bytes(key)] = key }
            }
        }
        for d in duplicates { reportDuplicate(d.key, first: d.first) }
    }

    // The two checks below are static and take the arrays: a non-mutating method called from a
    // mutating one copies the whole builder.

    /// Whether both nodes are scalars with the same bytes.
    private static func sameScalar(_ a: Int32, _ b: Int32, _ records: [YAMLDocument.Record], _ text: [UInt8]) -> Bool {
        let (ra, rb) = (records[Int(a)], records[Int(b)])
        guard ra.kind == .scalar, rb.kind == .scalar, ra.count == rb.count else { return false }
        var (i, j) = (Int(ra.start), Int(rb.start))
        for _ in 0..<ra.count {
            guard text[i] == text[j] else { return false }
            i += 1
            j += 1
        }
        return true
    }

    /// Whether the node is the merge key `<<`: a plain, untagged scalar.
    private static func isMergeKey(_ id: Int32, _ records: [YAMLDocument.Record], _ text: [UInt8]) -> Bool {
        let r = records[Int(id)]
        guard r.kind == .scalar, r.count == 2, r.style == .plain, r.tag == 0 else { return false }
        return text[Int(r.start)] == UInt8(ascii: "<") && text[Int(r.start) + 1] == UInt8(ascii: "<")
    }

    private mutating func reportDuplicate(_ key: Int32, first: Int32) {
        let name = String(decoding: bytes(key), as: UTF8.self)
        diagnostics.append(
            .error(
                .duplicateKey,
                "duplicate key \"\(name)\"", at: nodeLocation(key),
                notes: [DiagnosticNote(location: nodeLocation(first), message: "first defined here")]))
    }

    private func nodeLocation(_ id: Int32) -> SourceLocation {
        SourceLocation(file: file, line: Int(records[Int(id)].line), column: Int(records[Int(id)].column))
    }

    /// Applies `<<` merge keys: explicit keys win, then earlier merge sources win. Merged pairs
    /// are appended after the explicit ones.
    private mutating func finishMerges(_ frame: inout Frame) {
        guard !frame.merges.isEmpty else { return }
        var seen = Set<ArraySlice<UInt8>>()
        var i = frame.pendingStart
        while i < pending.count {
            if isScalar(pending[i]) { seen.insert(bytes(pending[i])) }
            i += 2
        }
        var merged: [Int32] = []
        for merge in frame.merges {
            let r = records[Int(merge)]
            var sources: [Int32] = []
            switch r.kind {
            case .mapping: sources = [merge]
            case .sequence: sources = Array(children[Int(r.start)..<Int(r.start + r.count)])
            case .scalar: break
            }
            if sources.isEmpty || sources.contains(where: { records[Int($0)].kind != .mapping }) {
                diagnostics.append(
                    .error(
                        .badMergeKey, "a merge key `<<` takes an alias of a mapping or a list of them",
                        at: nodeLocation(merge)))
                continue
            }
            for source in sources {
                let s = records[Int(source)]
                for p in 0..<Int(s.count) {
                    let key = children[Int(s.start) + 2 * p]
                    guard isScalar(key), !seen.contains(bytes(key)) else { continue }
                    seen.insert(bytes(key))
                    merged.append(key)
                    merged.append(children[Int(s.start) + 2 * p + 1])
                }
            }
        }
        frame.mergedCount = merged.count / 2
        pending.append(contentsOf: merged)
    }

    /// Resolves an explicit tag; anything but the core tags is an error.
    private mutating func coreTag(_ tag: String, at event: EventParser.Event) -> UInt8 {
        let prefix = "tag:yaml.org,2002:"
        if tag.hasPrefix(prefix), let core = CoreTag(name: String(tag.dropFirst(prefix.count))) {
            return core.rawValue
        }
        if tag == "!" { return CoreTag.str.rawValue }
        diagnostics.append(
            .error(
                .unsupportedTag,
                "unsupported tag \"\(tag)\"; only the core tags !!str, !!int, !!bool, !!null, !!map and !!seq "
                    + "are allowed",
                at: location(event)))
        return 0
    }
}
