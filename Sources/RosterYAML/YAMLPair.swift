import RosterCore

/// A key and its value in a mapping.
public struct YAMLPair: Sendable {
    public var key: YAMLNode
    public var value: YAMLNode
}
