import RosterCore

/// The core tags a document may use explicitly (`!!str`, `!!int`, …).
package enum CoreTag: UInt8, Sendable, Hashable {
    case str = 1, int, bool, null, map, seq

    init?(name: String) {
        switch name {
        case "str": self = .str
        case "int": self = .int
        case "bool": self = .bool
        case "null": self = .null
        case "map": self = .map
        case "seq": self = .seq
        default: return nil
        }
    }
}
