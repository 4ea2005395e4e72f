/// Normalization of enum spellings: lower case, without spaces, `_` and `-`.
enum EnumSpelling {
    static func normalize(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.filter { $0 != " " && $0 != "_" && $0 != "-" && $0 != "\t" }.map(
                Character.init))
    }
}
