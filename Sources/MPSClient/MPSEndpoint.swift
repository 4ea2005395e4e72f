import Foundation
import RosterCore

/// Where and how to reach MPS.
package struct MPSEndpoint: Sendable {
    package var url: URL
    package var token: String
    /// The space to send as `x-space-id`, when one is targeted.
    package var space: String?
    package var timeout: TimeInterval

    package init(url: URL, token: String, space: String? = nil, timeout: TimeInterval = 30) {
        self.url = url
        self.token = token
        self.space = space
        self.timeout = timeout
    }

    /// The server's base URL (scheme, host, port), for the auth endpoints.
    var baseURL: URL {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
        components.path = ""
        components.query = nil
        return components.url ?? url
    }

    /// An endpoint URL as a user writes it: `http` and `https` in any case (`HTTP://…` is
    /// `http://…`), a host, and plain `http://` only to loopback hosts.
    package static func parse(_ text: String) throws(MPSError) -> URL {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased()
        else { throw .invalidEndpoint(text, "it is not a URL") }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidEndpoint(text, "roster speaks https:// (and http:// to this machine), not \(scheme)://")
        }
        components.scheme = scheme
        guard let url = components.url, let host = url.host, !host.isEmpty else {
            throw .invalidEndpoint(text, "it names no host")
        }
        try checkScheme(url)
        return url
    }

    /// Plain http:// is allowed only to loopback hosts: a token must never cross a network unencrypted.
    static func checkScheme(_ url: URL) throws(MPSError) {
        guard let scheme = url.scheme?.lowercased() else { throw .insecureEndpoint(url.absoluteString) }
        if scheme == "https" { return }
        guard scheme == "http" else { throw .invalidEndpoint(url.absoluteString, "unsupported scheme \(scheme)://") }
        let host = (url.host ?? "").lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host.hasPrefix("127.") { return }
        throw .insecureEndpoint(url.absoluteString)
    }
}
