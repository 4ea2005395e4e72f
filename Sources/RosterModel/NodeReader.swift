import RosterDiagnostics
import RosterYAML

/// Schema conversions of YAML nodes: scalars stay strings in the YAML layer and become typed
/// values here, with a positioned diagnostic for every value that does not fit.
struct NodeReader {
    var diagnostics: [Diagnostic] = []

    mutating func error(_ message: String, at location: SourceLocation, notes: [DiagnosticNote] = []) {
        diagnostics.append(.error(message, at: location, notes: notes))
    }

    /// The pairs of a mapping node, checked against the keys `context` allows. Unknown keys are
    /// reported at the key with the nearest known key suggested; the known pairs are returned.
    mutating func fields(_ node: YAMLNode, _ context: String, allowed: [String]) -> [String: YAMLPair]? {
        guard let pairs = node.pairs else {
            error("\(context) must be a mapping, not \(node.kindDescription)", at: node.location)
            return nil
        }
        var result: [String: YAMLPair] = [:]
        result.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let key = pair.key.scalar?.value, pair.key.tag == nil || pair.key.tag == .str else {
                error("keys of \(context) must be strings", at: pair.key.location)
                continue
            }
            if allowed.contains(key) {
                result[key] = pair
            } else if let suggestion = Suggestions.nearest(to: key, among: allowed) {
                error("unknown key \"\(key)\" in \(context); did you mean \"\(suggestion)\"?", at: pair.key.location)
            } else {
                error("unknown key \"\(key)\" in \(context); expected one of: \(allowed.joined(separator: ", "))", at: pair.key.location)
            }
        }
        return result
    }

    /// A string value. Null (an unquoted `null`, `~` or nothing) and collections are errors.
    mutating func string(_ node: YAMLNode, _ field: String) -> Located<String>? {
        guard let s = node.scalar, !node.isNull, node.tag == nil || node.tag == .str else {
            error("\(field) must be a string, not \(node.kindDescription)", at: node.location)
            return nil
        }
        return Located(s.value, at: node.location)
    }

    /// A name: a non-empty string without white space at either end.
    mutating func name(_ node: YAMLNode, _ field: String) -> Located<String>? {
        guard let value = string(node, field) else { return nil }
        if value.value.isEmpty {
            error("\(field) must not be empty", at: node.location)
            return nil
        }
        if NameKey.hasEdgeWhitespace(value.value) {
            error("\(field) \"\(value.value)\" has white space at its start or end", at: node.location)
            return nil
        }
        return value
    }

    /// A list of names; a single name is accepted as a list of one.
    mutating func names(_ node: YAMLNode, _ field: String) -> [Located<String>] {
        if node.scalar != nil && !node.isNull {
            return name(node, field).map { [$0] } ?? []
        }
        guard let items = node.items else {
            error("\(field) must be a list of names, not \(node.kindDescription)", at: node.location)
            return []
        }
        return items.compactMap { name($0, "an entry of \(field)") }
    }

    /// An integer in `range`. Only unquoted digits (or `!!int`) are integers.
    mutating func integer(_ node: YAMLNode, _ field: String, in range: ClosedRange<Int>, expected: String) -> Located<Int>? {
        if let s = node.scalar, s.style == .plain || node.tag == .int, node.tag == nil || node.tag == .int,
           let value = Self.parseInteger(s.value) {
            guard range.contains(value) else {
                error("\(field) must be \(expected), not \(s.value)", at: node.location)
                return nil
            }
            return Located(value, at: node.location)
        }
        error("\(field) must be \(expected), not \(node.kindDescription)", at: node.location)
        return nil
    }

    /// Decimal digits with an optional sign; nil for anything else or on overflow.
    static func parseInteger(_ text: String) -> Int? {
        var utf8 = Substring(text).utf8
        if utf8.first == UInt8(ascii: "+") { utf8 = utf8.dropFirst() }
        guard !utf8.isEmpty, utf8.count <= 18, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
            return text.hasPrefix("-") ? parseInteger(String(text.dropFirst())).map { -$0 } : nil
        }
        return utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `true` or `false` (the core schema's spellings), unquoted.
    mutating func boolean(_ node: YAMLNode, _ field: String) -> Located<Bool>? {
        if let s = node.scalar, s.style == .plain, node.tag == nil || node.tag == .bool {
            switch s.value {
            case "true", "True", "TRUE": return Located(true, at: node.location)
            case "false", "False", "FALSE": return Located(false, at: node.location)
            default: break
            }
        }
        error("\(field) must be true or false, not \(node.kindDescription)", at: node.location)
        return nil
    }

    /// An enum value in any accepted spelling; otherwise an error suggesting the nearest.
    mutating func enumValue<E: RosterEnum>(_ node: YAMLNode, _ type: E.Type) -> E? {
        guard let text = string(node, E.fieldName) else { return nil }
        if let value = E.parse(text.value) { return value }
        let valid = E.allCases.map(\.rawValue).joined(separator: ", ")
        if let nearest = E.nearest(to: text.value) {
            error("invalid \(E.fieldName) \"\(text.value)\"; did you mean \"\(nearest.rawValue)\"?", at: node.location,
                  notes: [DiagnosticNote(location: nil, message: "valid values: \(valid)")])
        } else {
            error("invalid \(E.fieldName) \"\(text.value)\"; valid values: \(valid)", at: node.location)
        }
        return nil
    }

    /// A level start date: a real calendar date `YYYY-MM-DD`, or null to clear it.
    mutating func levelStartDate(_ node: YAMLNode) -> LevelStartDate? {
        if node.isNull { return .clear }
        guard let text = string(node, "levelStartDate") else { return nil }
        switch CalendarDate.check(text.value) {
        case .valid: return .date(text.value)
        case .malformed:
            error("levelStartDate must be a date written YYYY-MM-DD (or null), not \"\(text.value)\"", at: node.location)
        case .notADay(let reason):
            error("levelStartDate \"\(text.value)\" is not a real date: \(reason)", at: node.location)
        }
        return nil
    }
}
