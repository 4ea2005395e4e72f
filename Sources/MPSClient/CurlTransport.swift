import CCurl
import Foundation

/// The real transport, on libcurl: every request has a deadline for the whole exchange, every
/// answer is read up to a size limit, redirects are never followed here (the client judges
/// them), TLS trusts what ``TLSTrust`` says, and proxies come from the environment as curl's do.
package final class CurlTransport: Transport, Sendable {
    /// 256 MB: the live state of 100,000 people is a few tens.
    package static let defaultLimit = 256 * 1024 * 1024
    private let loop: CurlLoop?

    /// `limit` is the longest answer read, in bytes.
    package init(limit: Int = CurlTransport.defaultLimit, trust: TLSTrust = .system) {
        loop = CurlLoop(limit: limit, trust: trust)
    }

    deinit { loop?.stop() }

    /// The version of the libcurl this process runs with, and its TLS library (`8.5.0 OpenSSL/3.0.13`).
    package static var libcurlVersion: String {
        guard let info = roster_curl_version() else { return "unknown" }
        let version = info.pointee.version.map { String(cString: $0) } ?? "unknown"
        let tls = info.pointee.ssl_version.map { String(cString: $0) }
        return tls.map { "\(version) \($0)" } ?? version
    }

    package func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        guard let loop else { throw .cannotConnect("libcurl could not be started") }
        let result = await withCheckedContinuation { continuation in
            loop.submit(request) { continuation.resume(returning: $0) }
        }
        return try result.get()
    }
}
