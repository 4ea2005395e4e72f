/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable {
    case error
    case warning
    case note
}
