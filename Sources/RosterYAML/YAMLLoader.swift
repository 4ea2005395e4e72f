import CYAML
import RosterCore

/// Loads one YAML (or JSON) document into a ``YAMLDocument`` through libyaml's event parser.
///
/// The loader enforces the roster format's YAML rules: one document whose root is a mapping,
/// no duplicate keys, core tags only, defined aliases, and a bound on alias expansion. Every
/// problem becomes a positioned ``Diagnostic``; nothing is printed and nothing traps.
package struct YAMLLoader: Sendable {
    /// The version of the libyaml this process runs with.
    package static var libyamlVersion: String { String(cString: yaml_get_version_string()) }

    /// The error for a file with no YAML document in it.
    static let noDocument = "the file holds no document"

    /// Aliases may expand to at most this many nodes, or to ``aliasRatio`` times the nodes
    /// the document itself holds, whichever is larger ("billion laughs" protection).
    var aliasExpansionLimit: Int
    /// See ``aliasExpansionLimit``.
    var aliasRatio: Int
    /// Deepest nesting accepted; deeper input is refused rather than exhausting the stack of
    /// whoever walks the tree.
    var maxDepth: Int
    /// How errors name the file and what its top-level mapping holds: "a roster file",
    /// " (`version: 1`, `people:`, …)". This layer knows no particular kind of file.
    package var fileDescription = "the file"
    /// Inputs at least this large are parsed on a second thread while this one builds the tree
    /// (``BackgroundEventParser``); a caller already parsing on every core sets it out of reach.
    package var backgroundThreshold = 256 * 1024
    /// Appended to the error for a top level that is not a mapping.
    package var rootHint = ""

    package init(aliasExpansionLimit: Int = 1_000_000, aliasRatio: Int = 10, maxDepth: Int = 512) {
        self.aliasExpansionLimit = aliasExpansionLimit
        self.aliasRatio = aliasRatio
        self.maxDepth = maxDepth
    }

    /// The outcome of loading: the document when it could be read, and every problem found.
    /// A document is returned even with non-fatal errors (a duplicate key), so the schema layer
    /// can report its own problems in the same run.
    package struct Result: Sendable {
        package var document: YAMLDocument?
        package var diagnostics: [Diagnostic]
    }

    /// Loads `bytes`, naming `file` in locations. JSON's UTF-16 surrogate-pair escapes
    /// (`\uD83D\uDE00`), which libyaml refuses, are accepted in the strings of a document that is
    /// JSON (docs/decisions.md, "JSON surrogate pairs").
    package func load(_ bytes: [UInt8], file: String) -> Result {
        let fileID = FileID(file)
        let rewrite = SurrogateEscapeRewriter.rewrite(bytes, file: file)
        if !rewrite.diagnostics.isEmpty {
            return Result(document: nil, diagnostics: rewrite.diagnostics)
        }
        var builder = DocumentBuilder(
            file: fileID, loader: self, columnShifts: rewrite.columnShifts, capacity: rewrite.bytes.count)
        builder.run(rewrite.bytes)
        return builder.finish()
    }
}
