/// How pull writes values: plain where YAML reads the text back as the same string, else
/// double-quoted.
enum YAMLText {
    static func scalar(_ value: String, inFlow: Bool) -> String {
        let indicators: Set<Character> = [
            "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
        ]
        let special = ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "="]
        let plain =
            !value.isEmpty && !special.contains(value.lowercased()) && !indicators.contains(value.first ?? " ")
            && value.first != " " && value.last != " " && !value.contains(": ") && !value.contains(" #")
            && !(inFlow && value.contains(where: { ",[]{}".contains($0) })) && Double(value) == nil
            && value.unicodeScalars.allSatisfy {
                $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
            }
            && !value.hasSuffix(":")
        guard !plain else { return value }
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func flowList(_ values: [String]) -> String {
        "[" + values.map { scalar($0, inFlow: true) }.joined(separator: ", ") + "]"
    }
}
