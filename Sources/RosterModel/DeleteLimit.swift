import RosterCore
import RosterYAML

/// `policy.maxDeletes`, the safety rail on deletes, declared once (a ``PolicySetting``): its key,
/// its default, how it is written and read, its schema, and the words of the plan's warnings (now
/// and on a later day) and apply's refusal. `MaxDeletesRail` (RosterSession) refuses a plan past it unless
/// ``override`` is given.
package enum DeleteLimit: Hashable, Sendable, CustomStringConvertible, ReadSetting {
    case count(Int)
    case percent(Double)

    /// The setting's key in the roster's `policy` section.
    package static let key = RosterFormat.PolicyKey.maxDeletes
    /// The limit where the roster states none: a quarter of a kind.
    package static let standard = DeleteLimit.percent(25)
    package static let strictest = DeleteLimit.count(0)
    /// The flag that applies past the limit.
    package static let override = "--allow-large-changes"
    /// How the value is written, for errors and the schema.
    package static let expected = "a count (3) or a share of the live total (10%)"
    package static var path: WritableKeyPath<Policy, DeleteLimit> { \.maxDeletes }

    /// The most deletes of a kind allowed when the space has `total` of that kind live.
    /// A share is rounded down but never below 1.
    package func allowed(ofLiveTotal total: Int) -> Int {
        switch self {
        case .count(let n): return n
        case .percent(let p): return max(1, Int((Double(total) * p / 100).rounded(.down)))
        }
    }

    /// How the plan and apply word deletes past the limit: `the plan deletes 3 of 10 people,
    /// past policy.maxDeletes (2)`; `what` says what the plan deletes.
    func past(_ what: String) -> String { "the plan \(what), past policy.\(Self.key.rawValue) (\(self))" }

    /// The plan's warning.
    package func warning(_ what: String) -> String { past(what) + "; apply will refuse without \(Self.override)" }

    /// The plan's warning of deletes the roster dates for a later day, which the scheduled job
    /// applies on their day without asking again.
    package func scheduledWarning(on day: String, _ what: String) -> String {
        "on \(day) the roster's dates \(what), past policy.\(Self.key.rawValue) (\(self)): reviewed with this change, "
            + "they are applied on their day by the scheduled job (`roster apply --due`) without \(Self.override)"
    }

    /// Apply's refusal.
    package func refusal(_ what: String) -> String {
        "refusing to apply: " + past(what) + "; check the plan, then pass \(Self.override)"
    }

    package var description: String {
        switch self {
        case .count(let n): return "\(n)"
        case .percent(let p): return p == p.rounded() ? "\(Int(p))%" : "\(p)%"
        }
    }

    /// The value's JSON Schema, for the roster's schema.
    package static var schema: JSONValue {
        .object([
            ("description", .string("Most deletes per kind: \(expected).")),
            ("default", .string(standard.description)),
            (
                "oneOf",
                .array([
                    .object([("type", .string("integer")), ("minimum", .int(0))]),
                    .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]+)?%$"))]),
                ])
            ),
        ])
    }
}

extension DeleteLimit {
    static func read(_ node: NodeID, _ reader: inout NodeReader) -> DeleteLimit? { reader.deleteLimit(node) }
}

extension NodeReader {
    /// `3` (a count) or `10%` (a share of the live total); nil, with an error, for anything else.
    mutating func deleteLimit(_ node: NodeID) -> DeleteLimit? {
        let field = DeleteLimit.key.rawValue, expected = DeleteLimit.expected
        if doc.kind(node) == .scalar, !doc.isNull(node) {
            let text = doc.string(node)
            if text.hasSuffix("%") {
                let number = text.dropLast()
                if let p = Double(number), number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                    (0...100).contains(p)
                {
                    return .percent(p)
                }
                error(
                    .invalidValue, "\(field) must be \(expected) with a share from 0% to 100%, not \"\(text)\"",
                    at: node)
                return nil
            }
        }
        return integer(node, field, in: 0...Int(Int32.max), expected: expected).map { .count($0.value) }
    }
}
