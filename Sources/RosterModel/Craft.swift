/// A person's craft (MPS `CraftAbility`).
package enum Craft: String, RosterEnum {
    case engineering = "Engineering"
    case design = "Design"
    case productManagement = "ProductManagement"
    case dataScience = "DataScience"

    package static let fieldName = "craft"
    package static let ordered = allCases
    package var displayNames: [String] {
        switch self {
        case .productManagement: return ["Product Management"]
        case .dataScience: return ["Data Science"]
        default: return []
        }
    }
}
