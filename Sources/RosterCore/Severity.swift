/// How serious a diagnostic is.
package enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}
