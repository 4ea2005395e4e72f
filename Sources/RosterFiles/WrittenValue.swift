import RosterCore
import RosterModel

/// A value written into a roster file, rendered as YAML or JSON for the file it goes in.
package enum WrittenValue: Equatable, Sendable {
    /// A name: quoted where YAML would misread it.
    case text(String)
    /// An enum value or a date, plain in YAML (as export writes them), a string in JSON.
    case token(String)
    case number(Int)
    case bool(Bool)
    case null
    case list([String])
    /// A list of small mappings, each written on one line (a team's dated `changes`).
    indirect case records([[WrittenPair]])

    /// A value of `kind` as a roster file writes it: a word of a fixed set or a date plain, text
    /// quoted where YAML would misread it; nil (stated empty) as `null`.
    package init(_ kind: FieldKind, _ text: String?) {
        guard let text else {
            self = .null
            return
        }
        self = kind.isPlainWord ? .token(text) : .text(text)
    }

    package func rendered(json: Bool) -> String {
        switch self {
        case .text(let s): return json ? JSONValue.string(s).rendered() : YAMLText.scalar(s, inFlow: true)
        case .token(let s): return json ? JSONValue.string(s).rendered() : s
        case .number(let n): return String(n)
        case .bool(let b): return String(b)
        case .null: return "null"
        case .list(let items):
            guard json else { return YAMLText.flowList(items) }
            return "[" + items.map { JSONValue.string($0).rendered() }.joined(separator: ", ") + "]"
        case .records(let records):
            return "[" + records.map { Self.record($0, json: json) }.joined(separator: ", ") + "]"
        }
    }

    /// One mapping on one line: `{on: 2027-01-01, members: [Bo Chen]}`.
    static func record(_ pairs: [WrittenPair], json: Bool) -> String {
        let written = pairs.map {
            (json ? JSONValue.string($0.key).rendered() : $0.key) + ": " + $0.value.rendered(json: json)
        }
        return "{" + written.joined(separator: ", ") + "}"
    }
}

/// One `key: value` of a written mapping.
package struct WrittenPair: Equatable, Sendable {
    var key: String
    var value: WrittenValue

    init(_ key: String, _ value: WrittenValue) {
        self.key = key
        self.value = value
    }
}
