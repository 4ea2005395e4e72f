/// An account that may open the space besides its owner (`spaceMembers`).
public struct LiveMember: Sendable, Hashable {
    public var authID: String
    public var email: String
    public var name: String

    public init(authID: String, email: String, name: String) {
        self.authID = authID
        self.email = email
        self.name = name
    }
}
