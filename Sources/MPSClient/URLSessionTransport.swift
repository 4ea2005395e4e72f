import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
