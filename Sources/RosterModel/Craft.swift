/// A person's craft (MPS `CraftAbility`).
public enum Craft: String, RosterEnum {
    case engineering = "Engineering"
    case design = "Design"
    case productManagement = "ProductManagement"
    case dataScience = "DataScience"

    public static let fieldName = "craft"
    public static let ordered = allCases
    public var displayNames: [String] {
        switch self {
        case .productManagement: return ["Product Management"]
        case .dataScience: return ["Data Science"]
        default: return []
        }
    }
}
