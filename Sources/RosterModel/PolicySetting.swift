import RosterCore
import RosterYAML

/// A `policy` setting that a safety rail holds plans to, declared once by its type: its key, its
/// value where the roster states none, how a value is read (a wrong one is a positioned error),
/// its schema, the flag that applies past it and how it is written. The decoder, the schema's
/// check, apply's options and saved plans walk the settings (``RosterFormat/PolicyKey/setting``,
/// one exhaustive switch); `RailSettingCoverageTests` check each place from that list.
/// ``DeleteLimit`` (`maxDeletes`) is one.
package protocol PolicySetting: Sendable, CustomStringConvertible {
    /// The setting's key in the roster's `policy` section.
    static var key: RosterFormat.PolicyKey { get }
    /// The value where the roster states none.
    static var standard: Self { get }
    /// The value that allows nothing of what the setting limits (a limit of 0): a plan that does
    /// any of it is past it.
    static var strictest: Self { get }
    /// How a value is written, for errors and the schema.
    static var expected: String { get }
    /// The flag of `roster apply` that applies past the setting.
    static var override: String { get }
    /// The value's JSON Schema.
    static var schema: JSONValue { get }
    /// Where ``Policy`` keeps the roster's value.
    static var path: WritableKeyPath<Policy, Self> { get }
}

/// A setting read from a roster file (its reader needs the decoder's own types).
protocol ReadSetting: PolicySetting {
    /// The value of `node`; nil, with a positioned error in `reader`, for anything else.
    static func read(_ node: NodeID, _ reader: inout NodeReader) -> Self?
}

extension PolicySetting {
    /// The roster's value (or ``standard``), as a saved plan records it.
    package static func recorded(_ policy: Policy) -> String { policy[keyPath: path].description }
}

extension RosterFormat.PolicyKey {
    /// The setting a rail holds plans to, for the keys that are one; nil for the others.
    package var setting: (any PolicySetting.Type)? { readSetting }

    /// The setting with its reader: the one switch that says which keys are settings.
    var readSetting: (any ReadSetting.Type)? {
        switch self {
        case .maxDeletes: DeleteLimit.self
        case .oneTeamPerPerson, .prune, .ignore, .protected: nil
        }
    }

    /// Every setting, in the section's key order.
    package static var settings: [any PolicySetting.Type] { allCases.compactMap(\.setting) }
}

extension ReadSetting {
    /// Reads `node` into `policy` when it is a value of the setting.
    static func decode(_ node: NodeID, _ reader: inout NodeReader, into policy: inout Policy) {
        if let value = read(node, &reader) { policy[keyPath: path] = value }
    }
}
