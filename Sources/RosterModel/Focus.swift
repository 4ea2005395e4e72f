/// A person's focus (MPS `CraftFocus`).
public enum Focus: String, RosterEnum {
    case frontend = "Frontend"
    case backend = "Backend"
    case fullstack = "Fullstack"
    case mobile = "Mobile"
    case infrastructure = "Infrastructure"
    case notApplicable = "NotApplicable"

    public static let fieldName = "focus"
    public static let ordered = allCases
    public var displayNames: [String] {
        self == .notApplicable ? ["Not Applicable", "N/A"] : []
    }
}
