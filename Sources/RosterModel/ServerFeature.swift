/// A part of the MPS schema that older deployments lack. The server tells only by refusing a
/// query that asks for it (`Cannot query field "levelStartDate" on type "User"`): introspection
/// is off in production.
package enum ServerFeature: String, Sendable, Hashable, CaseIterable {
    case levelStartDates
    case levelLimits
    case access

    /// The field whose refusal shows that the server lacks the feature, and its type.
    package var field: (name: String, type: String) {
        switch self {
        case .levelStartDates: return (MPSField.User.levelStartDate.rawValue, "User")
        case .levelLimits: return ("jobLevelLimits", "Query")
        case .access: return ("spaceMembers", "Query")
        }
    }

    /// What the feature is, in the user's words: "level start dates".
    package var description: String {
        switch self {
        case .levelStartDates: return "level start dates"
        case .levelLimits: return "time-in-level limits"
        case .access: return "access management (space members)"
        }
    }
}
