import RosterCore

/// A reference to a person from a team: `Name` or `Name (#id)`.
package struct PersonReference: Hashable, Sendable {
    var name: String
    package var key: NameKey
    package var id: Int?

    /// Parses `Sam Lee (#240)` into a name and a pinned id; anything else is a bare name.
    package init(parsing text: String) {
        if text.utf8.last == UInt8(ascii: ")"), let open = text.range(of: " (#", options: .backwards) {
            let digits = text[open.upperBound..<text.index(before: text.endIndex)]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let id = Int(digits) {
                name = String(text[..<open.lowerBound])
                key = NameKey(name)
                self.id = id
                return
            }
        }
        name = text
        key = NameKey(text)
        id = nil
    }

    /// How the roster writes it.
    package var text: String { id.map { "\(name) (#\($0))" } ?? name }
}
