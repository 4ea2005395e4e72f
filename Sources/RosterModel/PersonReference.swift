import RosterCore

/// A reference to a person from a team: `Name` or `Name (#id)`.
public struct PersonReference: Hashable, Sendable {
    public var name: String
    public var key: NameKey
    public var id: Int?

    /// Parses `Sam Lee (#240)` into a name and a pinned id; anything else is a bare name.
    public init(parsing text: String) {
        if text.hasSuffix(")"), let open = text.range(of: " (#", options: .backwards) {
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
    public var text: String { id.map { "\(name) (#\($0))" } ?? name }
}
