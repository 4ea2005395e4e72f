/// One subcommand of `roster`.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var usage: String { get }
    static var options: [OptionSpec] { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) async -> Int32
}

extension Command {
    /// `roster help NAME`: usage, summary and options, aligned.
    static var helpText: String {
        var text = "\(summary)\n\nUsage: \(usage)\n"
        if !options.isEmpty {
            text += "\nOptions:\n"
            let rows: [(String, String)] = options.map { option in (option.value.map { "\(option.name) \($0)" } ?? option.name, option.help) }
                + [("-h, --help", "show this help")]
            let width = rows.map(\.0.count).max() ?? 0
            for (left, right) in rows {
                text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
            }
        }
        return text
    }
}
