/// The output formats of the commands. Each command declares the ones it takes once, in its
/// `--format` option (``OptionSpec/format(_:_:)``), which help, completion, the manual pages and
/// the argument parser all read.
package enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, markdown, csv, yaml, mermaid, dot
}

extension OptionSpec {
    /// `--format`, taking `formats`; the first is the default.
    package static func format(_ formats: [OutputFormat], _ help: String) -> OptionSpec {
        OptionSpec("--format", choices: formats.map(\.rawValue), help)
    }
}

extension ParsedArguments {
    /// The `--format` asked for, else the first that `options` declare (the parser has checked it).
    package func format(_ options: [OptionSpec]) -> OutputFormat {
        let declared = options.first { $0.name == "--format" }?.choices ?? []
        return (value("--format") ?? declared.first).flatMap(OutputFormat.init(rawValue:)) ?? .text
    }
}
