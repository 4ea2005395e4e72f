import RosterCore

/// How a scalar was written. The schema layer uses it to tell `null` from `"null"`.
package enum ScalarStyle: UInt8, Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted, literal, folded
}
