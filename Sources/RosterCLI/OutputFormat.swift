/// An output format a command takes: each command declares its own enum of them (so a `switch`
/// over it is checked whole, and a new format is a case the compiler asks every renderer for) and
/// one `--format` option built from it (``Option/format(_:)``), which help, completion, the manual
/// pages and the argument parser all read. The first case is the default.
protocol OutputFormat: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// Text, or the versioned JSON envelope: the formats of a command that prints one document.
enum TextOrJSON: String, OutputFormat {
    case text, json
}
