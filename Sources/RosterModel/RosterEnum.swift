/// An enum of the MPS schema whose values a roster may spell loosely: any case, with or without
/// spaces, `_` and `-`, or as the apps' display names. MPS grows: a newer server may send a
/// value this roster does not know, which is kept as the server wrote it (`unknown`), as GraphQL
/// clients do (Apollo's `GraphQLEnum.__unknown`), and sent back unchanged.
package protocol RosterEnum: Hashable, Sendable, RawRepresentable where RawValue == String {
    /// What the field is called in messages ("craft").
    static var fieldName: String { get }
    /// Extra spellings the apps display, beyond the GraphQL name.
    var displayNames: [String] { get }
    /// Every value this roster knows, in declaration order.
    static var allCases: [Self] { get }
    /// The same, stored once.
    static var ordered: [Self] { get }
    /// A value this roster does not know, as the server (or a roster file) spells it.
    static func unknown(_ text: String) -> Self
    /// The GraphQL name: a known value's, or the text of an unknown one.
    var rawValue: String { get }
}

extension RosterEnum {
    package var displayNames: [String] { [] }

    /// A known value by its GraphQL name; nil for any other text.
    package init?(rawValue: String) {
        guard let value = Self.ordered.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = value
    }

    /// A value as the server sends it: a known one, or one this roster does not know.
    package init(server text: String) {
        self = Self(rawValue: text) ?? Self.unknown(text)
    }

    /// Whether this roster knows the value.
    package var isKnown: Bool { Self.ordered.contains(self) }

    /// Whether `text` may name a value this roster does not know: spelled as MPS spells its enum
    /// values (a capital letter, then letters, digits and `_`), and no near miss of a known
    /// spelling, so that a typo of a known value (`Senoir`, `xyzzy`) stays an error with its
    /// did-you-mean.
    static func mayBeUnknownValue(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first),
            text.unicodeScalars.allSatisfy({ $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0) })
        else { return false }
        let normalized = EnumSpelling.normalize(text)
        let limit = max(2, normalized.count / 3)
        return !normalizedSpellings.contains { Suggestions.editDistance(normalized, $0.spelling) <= limit }
    }

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

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
