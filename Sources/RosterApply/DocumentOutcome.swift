import RosterReconcile

/// What became of one document of aliased mutations. Mutation fields run serially, in document
/// order, and a failed one nulls the whole response (MPS's GraphQL server answers so).
package enum DocumentOutcome: Sendable, Equatable {
    /// Every alias ran: the ids they returned, by alias.
    case applied([String: Int])
    /// The aliases before `alias` ran (their answers lost), it failed, the ones after did not run.
    case failed(alias: String, failure: MutationFailure)
    /// Nothing ran, and sending it again would not help (a request the server refuses).
    case refused(String)
    /// Nothing ran, and the server cannot be used now (unreachable, token refused): apply stops.
    case unreachable(String)
    /// The request may have run, may be running, or may still run later (a timeout, a
    /// connection lost after sending): it is never sent again in the same apply.
    case unknown(String)

    /// A failure the executor did not classify: the server's words as they are.
    static func failed(alias: String, message: String) -> DocumentOutcome {
        .failed(alias: alias, failure: MutationFailure(.other, server: message))
    }
}
