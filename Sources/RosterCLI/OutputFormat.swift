/// The output formats of the commands. Each command declares the ones it takes once, in its
/// `--format` option (``Option/format(_:_:)``), which help, completion, the manual pages and
/// the argument parser all read.
enum OutputFormat: String, Sendable, CaseIterable {
    case text, json, markdown, csv, yaml, mermaid, dot
}
