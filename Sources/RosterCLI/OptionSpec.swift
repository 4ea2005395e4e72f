import RosterModel

/// A command-line option a command accepts.
public struct OptionSpec: Sendable {
    public var name: String
    /// The value's placeholder (`FILE`), or nil for a flag.
    public var value: String?
    public var help: String

    public init(_ name: String, value: String? = nil, _ help: String) {
        self.name = name
        self.value = value
        self.help = help
    }
}
