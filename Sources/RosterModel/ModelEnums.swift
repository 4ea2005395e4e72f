/// An enum of the MPS schema whose values a roster may spell loosely: any case, with or without
/// spaces, `_` and `-`, or as the apps' display names.
public protocol RosterEnum: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// What the field is called in messages ("craft").
    static var fieldName: String { get }
    /// Extra spellings the apps display, beyond the GraphQL name.
    var displayNames: [String] { get }
    /// Every value in declaration order, stored once (`allCases` builds a new array per call).
    static var ordered: [Self] { get }
}

extension RosterEnum {
    public var displayNames: [String] { [] }

    /// The GraphQL name.
    public var graphQLName: String { rawValue }

    /// Every accepted spelling in its normalized form, with its value.
    static var normalizedSpellings: [(spelling: String, value: Self)] {
        allCases.flatMap { value in
            ([value.rawValue] + value.displayNames).map { (EnumSpelling.normalize($0), value) }
        }
    }

    /// Parses a spelling; nil when it names no value.
    public static func parse(_ text: String) -> Self? {
        if let exact = Self(rawValue: text) { return exact }
        let normalized = EnumSpelling.normalize(text)
        return normalizedSpellings.first { $0.spelling == normalized }?.value
    }

    /// The valid value nearest to `text`, for "did you mean".
    public static func nearest(to text: String) -> Self? {
        let normalized = EnumSpelling.normalize(text)
        return
            normalizedSpellings
            .map { (value: $0.value, distance: Suggestions.editDistance(normalized, $0.spelling)) }
            .min { $0.distance < $1.distance }?.value
    }
}

/// Normalization of enum spellings: lower case, without spaces, `_` and `-`.
enum EnumSpelling {
    static func normalize(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" && $0 != "\t" }.map(
                Character.init))
    }
}

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

/// A person's job level (MPS `JobLevel`).
public enum JobLevel: String, RosterEnum, Comparable {
    case junior = "Junior"
    case mid = "Mid"
    case senior = "Senior"
    case staff = "Staff"
    case principal = "Principal"

    public static let fieldName = "level"
    public static let ordered = allCases

    /// Seniority order, Junior first.
    public var rank: Int {
        switch self {
        case .junior: return 0
        case .mid: return 1
        case .senior: return 2
        case .staff: return 3
        case .principal: return 4
        }
    }

    public static func < (lhs: JobLevel, rhs: JobLevel) -> Bool { lhs.rank < rhs.rank }
}

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
