import RosterCore

/// What a node is.
package enum NodeKind: UInt8, Sendable {
    case scalar, sequence, mapping
}
