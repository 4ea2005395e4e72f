/// A person's job level (MPS `JobLevel`).
package enum JobLevel: RosterEnum, Comparable {
    case junior
    case mid
    case senior
    case staff
    case principal
    /// A level of a newer MPS that this roster does not know, as the server spells it.
    case unknown(String)

    package static let fieldName = "level"
    package static let allCases: [JobLevel] = [.junior, .mid, .senior, .staff, .principal]
    package static let ordered = allCases

    package var rawValue: String {
        switch self {
        case .junior: return "Junior"
        case .mid: return "Mid"
        case .senior: return "Senior"
        case .staff: return "Staff"
        case .principal: return "Principal"
        case .unknown(let text): return text
        }
    }

    /// Seniority order, Junior first; levels roster does not know come after those it knows.
    var rank: Int {
        switch self {
        case .junior: return 0
        case .mid: return 1
        case .senior: return 2
        case .staff: return 3
        case .principal: return 4
        case .unknown: return 5
        }
    }

    package static func < (lhs: JobLevel, rhs: JobLevel) -> Bool {
        lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.rawValue < rhs.rawValue
    }
}
