import Foundation
import RosterCore

/// When and how long to wait before sending a request again: the one retry policy of the
/// client. Reads are sent again after any failure that may pass; a mutation only when the
/// server certainly did not run it (no connection, HTTP 429 or 503), because one that may have
/// run may also still run later.
package struct RetryPolicy: Sendable {
    package var attempts: Int
    var baseDelay: Double
    var maxDelay: Double
    /// Whether a request that may have reached the server (a timeout, a lost connection, a 5xx
    /// other than 503) is sent again.
    var resendsWhenUnsure: Bool

    init(attempts: Int, baseDelay: Double = 0.25, maxDelay: Double = 8, resendsWhenUnsure: Bool = true) {
        self.attempts = attempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.resendsWhenUnsure = resendsWhenUnsure
    }

    /// Reads: up to 3 retries on network errors, 5xx and 429.
    static let reads = RetryPolicy(attempts: 4)
    /// Mutations: up to 3 retries, only when the server certainly did not run the request.
    package static let mutations = RetryPolicy(attempts: 4, resendsWhenUnsure: false)
    static let none = RetryPolicy(attempts: 1)

    /// Capped exponential backoff with full jitter; a server's Retry-After wins when longer.
    func delay(afterAttempt attempt: Int, retryAfter: Double?) -> Double {
        let cap = min(maxDelay, baseDelay * pow(2, Double(attempt - 1)))
        let jittered = Double.random(in: cap / 2...cap)
        return max(jittered, min(retryAfter ?? 0, 60))
    }

    /// Whether a response with `status` is answered by sending the request again.
    func retries(status: Int) -> Bool {
        status == 503 || status == 429 || (resendsWhenUnsure && status >= 500)
    }

    /// Whether a transport failure is answered by sending the request again.
    func retries(_ error: TransportError) -> Bool {
        !error.isFinal && (!error.mayHaveRun || resendsWhenUnsure)
    }
}
