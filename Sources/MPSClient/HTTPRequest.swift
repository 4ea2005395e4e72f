import Foundation

/// One HTTP exchange, as the client sees it.
public struct HTTPRequest: Sendable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?
    public var timeout: TimeInterval
    /// Sent on a connection of its own, closed after the answer. A request on a kept-alive
    /// connection that the server drops unanswered is sent again by libcurl on a new one (and,
    /// on Linux, first hangs until the timeout): harmless for a read, a duplicate for a
    /// mutation that had run.
    public var freshConnection: Bool

    public init(
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
