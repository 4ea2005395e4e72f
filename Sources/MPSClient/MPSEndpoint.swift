import Foundation
import RosterCore

/// Where and how to reach MPS.
package struct MPSEndpoint: Sendable {
    package var url: URL
    var token: String
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
    /// `http://…`), a host, and plain `http://` only to loopback hosts. A user or password in it
    /// (`https://user:secret@…`) is refused, and never printed: roster sends the token as a Bearer
    /// header, and an endpoint is printed in plans, logs and comments.
    package static func parse(_ text: String) throws(MPSError) -> URL {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = components.scheme?.lowercased()
        else { throw .invalidEndpoint(shown(text), "it is not a URL") }
        if components.percentEncodedUser != nil || components.percentEncodedPassword != nil {
            throw .invalidEndpoint(
                shown(text),
                "it holds a user or password; roster sends the token itself (MPS_TOKEN, --token-file or "
                    + "`roster auth login`): leave them out of the URL")
        }
        guard scheme == "http" || scheme == "https" else {
            throw .invalidEndpoint(
                shown(text), "roster speaks https:// (and http:// to this machine), not \(scheme)://")
        }
        components.scheme = scheme
        guard let url = components.url, let host = url.host, !host.isEmpty else {
            throw .invalidEndpoint(shown(text), "it names no host")
        }
        try checkScheme(url)
        return url
    }

    /// `text` as an endpoint may be printed: whatever stands before an `@` in its authority (a
    /// user and password) written as `***`.
    static func shown(_ text: String) -> String {
        let start = text.range(of: "://")?.upperBound ?? text.startIndex
        let authorityEnd = text[start...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[start..<authorityEnd].lastIndex(of: "@") else { return text }
        return String(text[..<start]) + "***" + String(text[at...])
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
