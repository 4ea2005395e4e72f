/// A space the token can use.
package struct LiveSpace: Sendable, Hashable {
    package var id: String
    package var name: String
    package var isOwner: Bool

    package init(id: String, name: String, isOwner: Bool) {
        self.id = id
        self.name = name
        self.isOwner = isOwner
    }
}
