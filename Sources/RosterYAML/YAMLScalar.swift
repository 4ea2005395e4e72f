import RosterCore

/// A scalar exactly as written: no implicit typing happens in the YAML layer.
package struct YAMLScalar: Sendable, Hashable {
    package var value: String
    package var style: ScalarStyle

    package init(_ value: String, style: ScalarStyle = .plain) {
        self.value = value
        self.style = style
    }
}
