import RosterModel

/// The arguments of one command after parsing.
public struct ParsedArguments: Equatable, Sendable {
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    public init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    public func value(_ name: String) -> String? { values[name] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}
