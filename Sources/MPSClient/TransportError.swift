import Foundation

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
