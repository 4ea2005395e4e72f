import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A header by case-insensitive name.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why an exchange produced no response.
public enum TransportError: Error, Sendable, Equatable {
    /// Nothing was sent: the server could not be reached (refused, unknown host, no route).
    case cannotConnect(String)
    /// No answer within the timeout; the request may or may not have run.
    case timedOut
    /// The connection broke after the request was sent; it may or may not have run.
    case connectionLost(String)
    case other(String)

    /// Whether the server may have run the request.
    public var mayHaveRun: Bool {
        switch self {
        case .cannotConnect: return false
        case .timedOut, .connectionLost, .other: return true
        }
    }
}

/// Sends HTTP requests. The reconciler and the commands speak to MPS only through this, so
/// tests can stand in for the network.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse
}

/// The real transport: one URLSession for the whole process, with explicit timeouts, and one
/// whose connections are never reused, for requests that must not be sent twice.
public final class URLSessionTransport: Transport, Sendable {
    private let session: URLSession
    private let freshSession: URLSession

    /// `timeout` is the longest any request may wait; each request states its own.
    public init(timeout: TimeInterval) {
        let configuration = URLSessionConfiguration.ephemeral
        // Linux truncates timeouts to whole seconds; never let one round down to zero.
        configuration.timeoutIntervalForRequest = max(1, timeout.rounded(.up))
        configuration.timeoutIntervalForResource = max(1, timeout.rounded(.up)) * 2
        configuration.httpMaximumConnectionsPerHost = 8
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        session = URLSession(configuration: configuration)
        freshSession = URLSession(configuration: configuration)
    }

    /// `url`, with the loopback IPv6 literal `[::1]` spelled `localhost` (which resolves to it):
    /// FoundationNetworking on Linux refuses IPv6 literals as a bad URL.
    static func loadable(_ url: URL) -> URL {
        #if os(Linux)
            guard url.host == "::1" || url.host == "[::1]",
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url }
            components.host = "localhost"
            return components.url ?? url
        #else
            return url
        #endif
    }

    public func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        var urlRequest = URLRequest(url: Self.loadable(request.url))
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        urlRequest.timeoutInterval = max(1, request.timeout.rounded(.up))
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if request.freshConnection { urlRequest.setValue("close", forHTTPHeaderField: "Connection") }
        do {
            let (data, response) = try await (request.freshConnection ? freshSession : session).data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw TransportError.other("not an HTTP response") }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as TransportError {
            throw error
        } catch let error as URLError {
            switch error.code {
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet,
                .secureConnectionFailed,
                .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .cannotLoadFromNetwork:
                throw TransportError.cannotConnect(error.localizedDescription)
            case .timedOut:
                throw TransportError.timedOut
            case .badURL, .unsupportedURL:
                throw TransportError.cannotConnect("this system cannot load the URL (\(error.localizedDescription))")
            case .networkConnectionLost, .badServerResponse, .zeroByteResource:
                throw TransportError.connectionLost(error.localizedDescription)
            default:
                throw TransportError.other(error.localizedDescription)
            }
        } catch {
            throw TransportError.other(String(describing: error))
        }
    }
}
