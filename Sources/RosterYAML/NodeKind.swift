import RosterCore

/// What a node is.
public enum NodeKind: UInt8, Sendable {
    case scalar, sequence, mapping
}
