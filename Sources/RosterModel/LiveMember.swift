/// An account that may open the space besides its owner (`spaceMembers`).
package struct LiveMember: Sendable, Hashable {
    package var authID: String
    package var email: String
    package var name: String

    package init(authID: String, email: String, name: String) {
        self.authID = authID
        self.email = email
        self.name = name
    }
}
