/// A space the token can use.
public struct LiveSpace: Sendable, Hashable {
    public var id: String
    public var name: String
    public var isOwner: Bool

    public init(id: String, name: String, isOwner: Bool) {
        self.id = id
        self.name = name
        self.isOwner = isOwner
    }
}
