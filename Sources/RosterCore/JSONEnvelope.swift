/// What every `--format json` document starts with, success and failure alike:
/// `format_version`, which scripts check before reading the rest. A failure's document
/// (`CommandFailure.json`) adds `error`.
package enum JSONEnvelope {
    package static let version = 1
    /// The key that names the format's version, spelled once.
    package static let versionKey = "format_version"

    /// `fields` after the format version.
    package static func wrap(_ fields: [(String, JSONValue)]) -> JSONValue {
        .object([(versionKey, .int(version))] + fields.filter { $0.0 != versionKey })
    }
}
