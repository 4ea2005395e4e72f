/// What a profile's name may be, wherever it comes from (`--profile`, `MPS_PROFILE`, the config
/// file's `default` and profile names): ASCII letters, digits, `-`, `_` and `.`, not starting with a
/// `.`. A name is a name, never a path: the stored login of profile NAME is the file
/// `tokens/NAME`, and `../x` would leave that folder.
enum ProfileName {
    static let rule = "a profile's name holds only letters, digits, \"-\", \"_\" and \".\" (not first)"

    /// Whether `name` is a profile's name.
    static func isValid(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "."), name.utf8.count <= 100 else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                return true
            default: return false
            }
        }
    }

    /// Refuses `name`, given as `source` (`--profile`, `MPS_PROFILE`), unless it is a profile's name.
    static func check(_ name: String?, from source: String) throws(SessionFailure) {
        guard let name, !isValid(name) else { return }
        throw SessionFailure(
            "\(source) \"\(name)\" is not a profile name: \(rule)", kind: .usage)
    }
}
