/// A person a team change names: their name as the plan shows it, and who they are (a live user,
/// or the roster person the plan creates). Names repeat in MPS; who joins or leaves is told by
/// `person`, never by the name.
package struct TeamMember: Sendable, Hashable {
    package var name: String
    var person: PlannedPerson

    init(_ name: String, _ person: PlannedPerson) {
        self.name = name
        self.person = person
    }
}

extension Array where Element == TeamMember {
    /// By name, as plans list people (then by who they are, so namesakes keep one order).
    func sortedByName() -> [TeamMember] {
        sorted { a, b in a.name != b.name ? a.name < b.name : "\(a.person)" < "\(b.person)" }
    }

    /// The names, in order.
    package var names: [String] { map(\.name) }
}
