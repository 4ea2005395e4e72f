import Foundation

/// Everything that can go wrong talking to MPS, each with a message that says what to do.
package enum MPSError: Error, Sendable, Equatable {
    /// `Not authenticated`, or an explicit `null` session.
    case invalidToken
    case cannotConnect(endpoint: String, detail: String)
    case timedOut(endpoint: String, seconds: Int)
    case connectionLost(endpoint: String, detail: String)
    /// HTTP 413: the request body was over the server's 100 kB limit.
    case payloadTooLarge(bytes: Int)
    /// HTTP 400: the server could not parse or validate the request.
    case badRequest(status: Int, messages: [String])
    /// HTTP 429 past the retries.
    case rateLimited(retryAfter: Int?)
    /// Any other HTTP status (5xx past the retries, 404, …).
    case http(status: Int, detail: String)
    /// HTTP 200 with `errors`: the server ran the request and refused part of it.
    case graphQL([GraphQLErrorMessage])
    /// A response that is not what the contract says.
    case invalidResponse(String)
    /// The targeted space is not among the token's spaces.
    case spaceNotAccessible(space: String, available: [String])
    /// A plain `http://` endpoint that is not a loopback host.
    case insecureEndpoint(String)
    /// An endpoint that is not an http(s) URL with a host.
    case invalidEndpoint(String, String)
    /// A redirect that roster does not follow: to another origin, or of a mutation.
    case redirected(from: String, to: String)
    /// A TLS connection refused before anything was sent.
    case tls(TLSFailure)
    /// An answer longer than `limit` bytes, refused while it was read.
    case responseTooLarge(endpoint: String, limit: Int)

    package var message: String {
        switch self {
        case .invalidToken:
            return "the token is invalid or expired (the MPS session ended)"
        case .cannotConnect(let endpoint, let detail):
            return "cannot connect to \(endpoint): \(detail)"
        case .timedOut(let endpoint, let seconds):
            return "the server at \(endpoint) took longer than \(seconds) s to answer"
        case .connectionLost(let endpoint, let detail):
            return "the connection to \(endpoint) broke: \(detail)"
        case .payloadTooLarge(let bytes):
            return "the server refused a request of \(bytes) bytes as too large (HTTP 413; the limit is 100 kB)"
        case .badRequest(let status, let messages):
            return "the server rejected the request (HTTP \(status)): \(messages.joined(separator: "; "))"
        case .rateLimited(let retryAfter):
            return "the server is rate limiting requests (HTTP 429)" + (retryAfter.map { "; retry in \($0) s" } ?? "")
        case .http(let status, let detail):
            return "the server answered HTTP \(status)" + (detail.isEmpty ? "" : ": \(detail)")
                + (status == 404 ? "; is the endpoint the GraphQL path (…/graphql, no trailing slash)?" : "")
        case .graphQL(let errors):
            return errors.map(\.description).joined(separator: "; ")
        case .invalidResponse(let detail):
            return "unexpected response from the server: \(detail)"
        case .spaceNotAccessible(let space, let available):
            return
                "space \"\(space)\" is not accessible with this token (its spaces: "
                + "\(available.joined(separator: ", ")))"
        case .invalidEndpoint(let endpoint, let why):
            return "invalid endpoint \"\(endpoint)\": \(why)"
        case .redirected(let from, let to):
            return "the server at \(from) redirected to \(to)"
        case .tls(let failure):
            return failure.message
        case .responseTooLarge(let endpoint, let limit):
            return "the server's answer from \(endpoint) is larger than \(limit / (1024 * 1024)) MB"
        case .insecureEndpoint(let endpoint):
            return
                "refusing to send the token over plain http:// to \(endpoint); use https://, or http:// only "
                + "for localhost"
        }
    }

    /// What the user can do about it, when the way to MPS is theirs to change: the command line
    /// words it with its own flags (the client knows none).
    package var remedy: Remedy? {
        switch self {
        case .invalidToken: .signInAgain
        case .cannotConnect: .checkEndpoint
        case .timedOut: .raiseTimeout
        case .redirected: .useFinalURL
        case .responseTooLarge: .raiseResponseLimit
        case .tls(.wrongName): .checkEndpointOrProxy
        default: nil
        }
    }

    /// The kinds of remedy ``remedy`` names.
    package enum Remedy: Sendable, Equatable {
        case signInAgain, checkEndpoint, raiseTimeout, useFinalURL, raiseResponseLimit, checkEndpointOrProxy
    }
}
