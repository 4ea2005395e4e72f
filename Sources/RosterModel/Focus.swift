/// A person's focus (MPS `CraftFocus`).
package enum Focus: RosterEnum {
    case frontend
    case backend
    case fullstack
    case mobile
    case infrastructure
    case notApplicable
    /// A focus of a newer MPS that this roster does not know, as the server spells it.
    case unknown(String)

    package static let fieldName = "focus"
    package static let allCases: [Focus] = [
        .frontend, .backend, .fullstack, .mobile, .infrastructure, .notApplicable,
    ]
    package static let ordered = allCases

    package var rawValue: String {
        switch self {
        case .frontend: return "Frontend"
        case .backend: return "Backend"
        case .fullstack: return "Fullstack"
        case .mobile: return "Mobile"
        case .infrastructure: return "Infrastructure"
        case .notApplicable: return "NotApplicable"
        case .unknown(let text): return text
        }
    }

    package var displayNames: [String] {
        self == .notApplicable ? ["Not Applicable", "N/A"] : []
    }
}
