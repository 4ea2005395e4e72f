import RosterCore

/// A scalar exactly as written: no implicit typing happens in the YAML layer.
public struct YAMLScalar: Sendable, Hashable {
    public var value: String
    public var style: ScalarStyle

    public init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}
