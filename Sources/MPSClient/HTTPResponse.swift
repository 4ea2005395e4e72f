import Foundation

package struct HTTPResponse: Sendable {
    package var status: Int
    var headers: [String: String]
    var body: Data
    /// What must never be quoted from this answer (the token its request carried), set by the
    /// client that received it: every message made of the answer's text passes through it.
    var redact = Redactor.none

    package init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by case-insensitive name.
    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
