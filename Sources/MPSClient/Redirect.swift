import Foundation

/// What roster does with an answer that points elsewhere (HTTP 301, 302, 303, 307, 308): the
/// token never goes to another origin, so a redirect there is an error that names both places;
/// one to the same origin is followed for a request that is safe to send twice (a read).
struct Redirect {
    static let codes: Set<Int> = [301, 302, 303, 307, 308]
    /// Hops followed before giving up on a chain of same-origin redirects.
    static let maxHops = 5

    /// The request to send next, or nil when `response` is not a redirect.
    static func next(
        after response: HTTPResponse, to request: HTTPRequest, safeToResend: Bool, hops: Int
    ) throws(MPSError) -> HTTPRequest? {
        guard codes.contains(response.status) else { return nil }
        let from = request.url.absoluteString
        guard let location = response.header("Location"), !location.isEmpty,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else {
            throw .http(status: response.status, detail: "from \(from): a redirect without a usable Location")
        }
        guard origin(of: target) == origin(of: request.url), safeToResend, hops < maxHops else {
            throw .redirected(from: from, to: response.redact(target.absoluteString))
        }
        var next = request
        next.url = target
        return next
    }

    /// Scheme, host and port, the port spelled out when the URL leaves it to the scheme.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\((url.host ?? "").lowercased()):\(port)"
    }
}
