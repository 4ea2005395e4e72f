/// What a server or a proxy says, made safe to print: the session token, wherever it stands, and
/// the value of any `Authorization` header or `Bearer` credential it echoes, written as `***`.
/// Every text roster quotes from an answer (an error body, a GraphQL error, a redirect's target)
/// passes through it before it is a message.
struct Redactor: Sendable {
    /// Texts never printed: the token.
    let secrets: [String]

    init(secrets: [String]) {
        // A secret of a few characters would blank ordinary words; MPS tokens are long.
        self.secrets = secrets.filter { $0.count >= 8 }
    }

    /// Redacts nothing: for a response that no request of roster's carried a token to.
    static let none = Redactor(secrets: [])

    func callAsFunction(_ text: String) -> String {
        var out = text
        for secret in secrets where out.contains(secret) {
            out = out.replacingOccurrences(of: secret, with: "***")
        }
        for word in ["authorization", "bearer", "basic"] { out = Self.hidingValues(after: word, in: out) }
        return out
    }

    /// `text` with the credential after each `word` (any case; `Authorization: Bearer x`,
    /// `"authorization":"x"`, `Basic x`) replaced by `***`.
    static func hidingValues(after word: String, in text: String) -> String {
        guard text.range(of: word, options: .caseInsensitive) != nil else { return text }
        var out = "", rest = Substring(text)
        while let found = rest.range(of: word, options: .caseInsensitive) {
            out += rest[..<found.upperBound]
            rest = rest[found.upperBound...]
            let separators = rest.prefix { "\"': =".contains($0) }
            out += separators
            rest = rest.dropFirst(separators.count)
            // A scheme after `Authorization:` is said on its own pass (`Bearer`, `Basic`).
            if word == "authorization", ["bearer", "basic"].contains(where: { rest.lowercased().hasPrefix($0) }) {
                continue
            }
            let value = rest.prefix { !$0.isWhitespace && !"\"',;}&<".contains($0) }
            if !value.isEmpty && value != "***" { out += "***" } else { out += value }
            rest = rest.dropFirst(value.count)
        }
        return out + rest
    }
}
