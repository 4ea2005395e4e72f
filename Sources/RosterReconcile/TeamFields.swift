import RosterModel

/// The fields `createTeam` and `updateTeam` send (both write all of them).
public struct TeamFields: Sendable, Equatable {
    public var name: String
    public var lead: PersonRef
    /// Members in the order sent; the server appends the lead when it is missing.
    public var members: [PersonRef]
}
