/// A value to write as YAML.
package indirect enum YAMLValue: Sendable {
    /// A string: written plain when that reads back the same, else quoted (``YAMLQuoting``).
    case string(String)
    /// A number or other token written as is (`18`, `2024-03-01`, `null`).
    case token(String)
    case sequence([YAMLValue], flow: Bool)
    case mapping([(String, YAMLValue)], flow: Bool)
}

/// Writes a YAML document: block collections a line per entry, indented by two; flow collections
/// on one line, never folded, so that a name is never split over lines; every string through
/// ``YAMLQuoting``, the rule pull and the edit commands write with too.
package enum YAMLWriter {
    /// The document's text, ending in a newline.
    package static func write(_ value: YAMLValue) -> String {
        value.isBlockCollection ? block(value, indent: 0) : inline(value, inFlow: false) + "\n"
    }

    /// A non-empty block collection at `indent`, a line per entry.
    private static func block(_ value: YAMLValue, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        switch value {
        case .mapping(let pairs, _):
            for (key, item) in pairs {
                out += pad + YAMLQuoting.written(key, inFlow: false) + ":"
                switch item {
                case .mapping(_, false) where !item.isEmpty: out += "\n" + block(item, indent: indent + 2)
                // A block sequence in a mapping stands at the key's own indent, as libyaml writes it.
                case .sequence(_, false) where !item.isEmpty: out += "\n" + block(item, indent: indent)
                default: out += " " + inline(item, inFlow: false) + "\n"
                }
            }
        case .sequence(let items, _):
            for item in items {
                if item.isBlockCollection {
                    // The entry's first line follows the dash; the rest keep the deeper indent.
                    let nested = block(item, indent: indent + 2)
                    out += pad + "- " + nested.dropFirst(indent + 2)
                } else {
                    out += pad + "- " + inline(item, inFlow: false) + "\n"
                }
            }
        case .string, .token:
            out = pad + inline(value, inFlow: false) + "\n"
        }
        return out
    }

    /// A scalar, or a collection in flow style on one line (an empty block one too: `[]`, `{}`).
    private static func inline(_ value: YAMLValue, inFlow: Bool) -> String {
        switch value {
        case .string(let s): return YAMLQuoting.written(s, inFlow: inFlow)
        case .token(let s): return s
        case .sequence(let items, _): return "[" + items.map { inline($0, inFlow: true) }.joined(separator: ", ") + "]"
        case .mapping(let pairs, _):
            let entries = pairs.map { YAMLQuoting.written($0.0, inFlow: true) + ": " + inline($0.1, inFlow: true) }
            return "{" + entries.joined(separator: ", ") + "}"
        }
    }
}

extension YAMLValue {
    fileprivate var isEmpty: Bool {
        switch self {
        case .sequence(let items, _): return items.isEmpty
        case .mapping(let pairs, _): return pairs.isEmpty
        case .string, .token: return false
        }
    }

    fileprivate var isBlockCollection: Bool {
        switch self {
        case .sequence(_, false), .mapping(_, false): return !isEmpty
        default: return false
        }
    }
}
