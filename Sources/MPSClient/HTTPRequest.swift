import Foundation

/// One HTTP exchange, as the client sees it.
package struct HTTPRequest: Sendable {
    var method: String
    var url: URL
    var headers: [String: String]
    var body: Data?
    var timeout: TimeInterval
    /// Sent on a connection of its own, closed after the answer. A request on a kept-alive
    /// connection that the server drops unanswered is sent again by libcurl on a new one:
    /// harmless for a read, a duplicate for a mutation that had run.
    var freshConnection: Bool

    init(
        method: String, url: URL, headers: [String: String] = [:], body: Data? = nil, timeout: TimeInterval = 30,
        freshConnection: Bool = false
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.freshConnection = freshConnection
    }
}
