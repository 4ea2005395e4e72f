import Foundation

/// Why an exchange produced no response.
package enum TransportError: Error, Sendable, Equatable {
    /// Nothing was sent: the server could not be reached (refused, unknown host, no route).
    case cannotConnect(String)
    /// No whole answer within the request's deadline; the request may or may not have run.
    case timedOut
    /// The connection broke after the request was sent; it may or may not have run.
    case connectionLost(String)
    /// The TLS connection was refused before anything was sent.
    case tls(TLSFailure)
    /// The answer was longer than `limit` bytes; reading stopped there. The request ran.
    case tooLarge(limit: Int)
    case other(String)

    /// Whether the server may have run the request.
    var mayHaveRun: Bool {
        switch self {
        case .cannotConnect, .tls: return false
        case .timedOut, .connectionLost, .tooLarge, .other: return true
        }
    }

    /// Whether the failure is never answered by sending again: the same certificate or answer
    /// would come back, and a deadline is the user's bound on the whole wait (`--timeout 3` ends
    /// in 3 s, not in four times 3 s).
    var isFinal: Bool {
        switch self {
        case .tls, .tooLarge, .timedOut: return true
        case .cannotConnect, .connectionLost, .other: return false
        }
    }
}
