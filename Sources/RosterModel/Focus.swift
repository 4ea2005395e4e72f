/// A person's focus (MPS `CraftFocus`).
package enum Focus: String, RosterEnum {
    case frontend = "Frontend"
    case backend = "Backend"
    case fullstack = "Fullstack"
    case mobile = "Mobile"
    case infrastructure = "Infrastructure"
    case notApplicable = "NotApplicable"

    package static let fieldName = "focus"
    package static let ordered = allCases
    package var displayNames: [String] {
        self == .notApplicable ? ["Not Applicable", "N/A"] : []
    }
}
