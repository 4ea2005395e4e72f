import RosterCore
import RosterYAML

/// Schema conversions of YAML nodes: scalars stay strings in the YAML layer and become typed
/// values here, with a positioned diagnostic for every value that does not fit.
struct NodeReader {
    /// The document being read.
    var doc: YAMLDocument
    var diagnostics: [Diagnostic] = []
    /// Values that may be a newer MPS's, each with the error it is unless the file declares it
    /// under `newValues` (known only once the whole file has loaded).
    var undeclared: [(value: String, error: Diagnostic)] = []

    init(_ doc: YAMLDocument) {
        self.doc = doc
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at node: NodeID, notes: [DiagnosticNote] = []) {
        diagnostics.append(.error(code, message, at: doc.location(node), notes: notes))
    }

    /// The values of a mapping node's known keys. Unknown keys are reported at the key with the
    /// nearest known key suggested.
    mutating func fields<Key: MappingKey>(_ node: NodeID, _ context: String, _: Key.Type) -> Fields<Key>? {
        let keys = Key.keys
        guard doc.kind(node) == .mapping else {
            error(.wrongType, "\(context) must be a mapping, not \(doc.kindDescription(node))", at: node)
            return nil
        }
        var fields = Fields<Key>(keys)
        for i in 0..<doc.pairCount(node) {
            let key = doc.key(node, i)
            guard doc.isStringScalar(key) else {
                error(.wrongType, "keys of \(context) must be strings", at: key)
                continue
            }
            if let slot = keys.slot(of: key, in: doc) {
                fields.set(slot: slot, doc.value(node, i))
                continue
            }
            let name = doc.string(key)
            if let suggestion = Suggestions.nearest(to: name, among: keys.strings) {
                error(.unknownKey, "unknown key \"\(name)\" in \(context); did you mean \"\(suggestion)\"?", at: key)
            } else {
                error(
                    .unknownKey,
                    "unknown key \"\(name)\" in \(context); expected one of: \(keys.strings.joined(separator: ", "))",
                    at: key)
            }
        }
        return fields
    }

    /// A string value. Null (an unquoted `null`, `~` or nothing) and collections are errors.
    mutating func string(_ node: NodeID, _ field: String) -> Located<String>? {
        guard doc.isStringScalar(node), !doc.isNull(node) else {
            error(.wrongType, "\(field) must be a string, not \(doc.kindDescription(node))", at: node)
            return nil
        }
        return Located(doc.string(node), at: doc.location(node))
    }

    /// A name: a non-empty string without white space at either end.
    mutating func name(_ node: NodeID, _ field: String) -> Located<String>? {
        guard let value = string(node, field) else { return nil }
        if value.value.isEmpty {
            error(.emptyValue, "\(field) must not be empty", at: node)
            return nil
        }
        if let problem = NameKey.unsafeCharacter(value.value) {
            error(.unsafeName, "\(field) \"\(TerminalText.escape(value.value))\" \(problem)", at: node)
            return nil
        }
        if NameKey.hasEdgeWhitespace(value.value) {
            error(.edgeWhitespace, "\(field) \"\(value.value)\" has white space at its start or end", at: node)
            return nil
        }
        return value
    }

    /// A list of names; a single name is accepted as a list of one.
    mutating func names(_ node: NodeID, _ field: String) -> [Located<String>] {
        switch doc.kind(node) {
        case .scalar:
            if doc.isNull(node) { return [] }
            return name(node, field).map { [$0] } ?? []
        case .sequence:
            return doc.items(node).compactMap { name($0, "an entry of \(field)") }
        case .mapping:
            error(.wrongType, "\(field) must be a list of names, not a mapping", at: node)
            return []
        }
    }

    /// An integer in `range`. Only unquoted digits (or `!!int`) are integers.
    mutating func integer(
        _ node: NodeID, _ field: String, in range: ClosedRange<Int>, expected: String
    ) -> Located<Int>? {
        let tag = doc.tag(node)
        if doc.kind(node) == .scalar, doc.style(node) == .plain || tag == .int, tag == nil || tag == .int,
            let value = Self.parseInteger(doc.string(node))
        {
            guard range.contains(value) else {
                error(.invalidValue, "\(field) must be \(expected), not \(value)", at: node)
                return nil
            }
            return Located(value, at: doc.location(node))
        }
        error(.wrongType, "\(field) must be \(expected), not \(doc.kindDescription(node))", at: node)
        return nil
    }

    /// Decimal digits with an optional sign; nil for anything else or on overflow.
    static func parseInteger(_ text: String) -> Int? {
        var utf8 = Substring(text).utf8
        var sign = 1
        if let first = utf8.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            utf8 = utf8.dropFirst()
        }
        guard !utf8.isEmpty, utf8.count <= 18, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return sign * utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `true` or `false` (the core schema's spellings), unquoted.
    mutating func boolean(_ node: NodeID, _ field: String) -> Bool? {
        let tag = doc.tag(node)
        if doc.kind(node) == .scalar, doc.style(node) == .plain, tag == nil || tag == .bool {
            if doc.scalarEquals(node, "true") || doc.scalarEquals(node, "True") || doc.scalarEquals(node, "TRUE") {
                return true
            }
            if doc.scalarEquals(node, "false") || doc.scalarEquals(node, "False") || doc.scalarEquals(node, "FALSE") {
                return false
            }
        }
        error(.wrongType, "\(field) must be true or false, not \(doc.kindDescription(node))", at: node)
        return nil
    }

    /// An enum value in any accepted spelling; otherwise an error suggesting the nearest.
    mutating func enumValue<E: RosterEnum>(_ node: NodeID, _ type: E.Type) -> E? {
        // Fast path: the canonical spelling, compared as bytes.
        if doc.isStringScalar(node) {
            for value in E.ordered where doc.scalarEquals(node, value.rawValue) { return value }
        }
        guard let text = string(node, E.fieldName) else { return nil }
        if let value = E.parse(text.value) { return value }
        let valid = E.allCases.map(\.rawValue).joined(separator: ", ")
        if E.mayBeUnknownValue(text.value) {
            // A value of a newer MPS, if the file declares it (docs/roster-file.md, "newValues").
            let note = DiagnosticNote(
                location: nil,
                message: "a value of a newer MPS that roster does not know yet is listed under `newValues`")
            undeclared.append(
                (
                    text.value,
                    .error(
                        .undeclaredValue,
                        "invalid \(E.fieldName) \"\(text.value)\"; valid values: \(valid)", at: doc.location(node),
                        notes: [note])
                ))
            return E.unknown(text.value)
        }
        if let nearest = E.nearest(to: text.value) {
            error(
                .invalidValue,
                "invalid \(E.fieldName) \"\(text.value)\"; did you mean \"\(nearest.rawValue)\"?", at: node,
                notes: [DiagnosticNote(location: nil, message: "valid values: \(valid)")])
        } else {
            error(.invalidValue, "invalid \(E.fieldName) \"\(text.value)\"; valid values: \(valid)", at: node)
        }
        return nil
    }

    /// A field that absence leaves alone, written: `null` clears it; `read` reads anything else
    /// (nil, with an error, when it cannot).
    mutating func stated<Value>(_ node: NodeID, _ read: (inout NodeReader, NodeID) -> Value?) -> Stated<Value>? {
        if doc.isNull(node) { return .clear }
        return read(&self, node).map(Stated.value)
    }

    /// A level start date: a real calendar date `YYYY-MM-DD`, or null to clear it.
    mutating func levelStartDate(_ node: NodeID) -> LevelStartDate? {
        stated(node) { $0.day($1, RosterFormat.PersonKey.levelStartDate.name, orNull: true) }
    }

    /// A real calendar date `YYYY-MM-DD`, where it was written.
    mutating func located(day node: NodeID, _ field: String) -> Located<Day>? {
        day(node, field).map { Located($0, at: doc.location(node)) }
    }

    /// A real calendar date `YYYY-MM-DD` (`orNull`: where null is also taken).
    private mutating func day(_ node: NodeID, _ field: String, orNull: Bool = false) -> Day? {
        guard let text = string(node, field) else { return nil }
        switch Day.parse(text.value) {
        case .day(let day): return day
        case .malformed:
            error(
                .invalidDate,
                "\(field) must be a date written YYYY-MM-DD\(orNull ? " (or null)" : ""), not \"\(text.value)\"",
                at: node)
        case .notADay(let reason):
            error(.invalidDate, "\(field) \"\(text.value)\" is not a real date: \(reason)", at: node)
        }
        return nil
    }
}
