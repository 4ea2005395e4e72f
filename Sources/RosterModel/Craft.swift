/// A person's craft (MPS `CraftAbility`).
package enum Craft: RosterEnum {
    case engineering
    case design
    case productManagement
    case dataScience
    /// A craft of a newer MPS that this roster does not know, as the server spells it.
    case unknown(String)

    package static let fieldName = "craft"
    package static let allCases: [Craft] = [.engineering, .design, .productManagement, .dataScience]
    package static let ordered = allCases

    package var rawValue: String {
        switch self {
        case .engineering: return "Engineering"
        case .design: return "Design"
        case .productManagement: return "ProductManagement"
        case .dataScience: return "DataScience"
        case .unknown(let text): return text
        }
    }

    package var displayNames: [String] {
        switch self {
        case .productManagement: return ["Product Management"]
        case .dataScience: return ["Data Science"]
        default: return []
        }
    }
}
