import RosterCore

/// A key and its value in a mapping.
package struct YAMLPair: Sendable {
    package var key: YAMLNode
    package var value: YAMLNode
}
