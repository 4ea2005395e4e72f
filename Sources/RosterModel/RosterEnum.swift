/// An enum of the MPS schema whose values a roster may spell loosely: any case, with or without
/// spaces, `_` and `-`, or as the apps' display names.
package protocol RosterEnum: CaseIterable, Hashable, Sendable, RawRepresentable where RawValue == String {
    /// What the field is called in messages ("craft").
    static var fieldName: String { get }
    /// Extra spellings the apps display, beyond the GraphQL name.
    var displayNames: [String] { get }
    /// Every value in declaration order, stored once (`allCases` builds a new array per call).
    static var ordered: [Self] { get }
}

extension RosterEnum {
    package var displayNames: [String] { [] }

    /// Every accepted spelling in its normalized form, with its value.
    static var normalizedSpellings: [(spelling: String, value: Self)] {
        allCases.flatMap { value in
            ([value.rawValue] + value.displayNames).map { (EnumSpelling.normalize($0), value) }
        }
    }

    /// Parses a spelling; nil when it names no value.
    package static func parse(_ text: String) -> Self? {
        if let exact = Self(rawValue: text) { return exact }
        let normalized = EnumSpelling.normalize(text)
        return normalizedSpellings.first { $0.spelling == normalized }?.value
    }

    /// The valid value nearest to `text`, for "did you mean".
    package static func nearest(to text: String) -> Self? {
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
