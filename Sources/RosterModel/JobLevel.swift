/// A person's job level (MPS `JobLevel`).
package enum JobLevel: String, RosterEnum, Comparable {
    case junior = "Junior"
    case mid = "Mid"
    case senior = "Senior"
    case staff = "Staff"
    case principal = "Principal"

    package static let fieldName = "level"
    package static let ordered = allCases

    /// Seniority order, Junior first.
    package var rank: Int {
        switch self {
        case .junior: return 0
        case .mid: return 1
        case .senior: return 2
        case .staff: return 3
        case .principal: return 4
        }
    }

    package static func < (lhs: JobLevel, rhs: JobLevel) -> Bool { lhs.rank < rhs.rank }
}
