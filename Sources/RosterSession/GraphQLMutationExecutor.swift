import Foundation
import MPSClient
import RosterApply
import RosterCore
import RosterReconcile

/// Sends documents of aliased mutations to MPS and classifies the answer: what ran, what
/// failed, what certainly did not run, and what may have run. It is sent again only when the
/// server certainly did not run it (``RetryPolicy/mutations``), with a deadline of at least
/// ``GraphQLClient/mutationDeadline`` whatever `--timeout` says for reads.
package struct GraphQLMutationExecutor: MutationExecutor {
    var client: GraphQLClient
    /// The space the mutations are for (`x-space-id`); nil: the caller's own.
    var space: String?
    /// How operations are packed into documents.
    var batcher = Self.packing

    /// The packing every executor sends with, which the request counts plans show follow.
    static let packing = MutationBatcher()

    package init(client: GraphQLClient, space: String?) {
        self.client = client
        self.space = space
    }

    /// How many requests applying `plan` sends, as plans and the apply prompt say it.
    package static func requestCount(_ plan: Plan) -> Int { packing.requestCount(plan) }

    package func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        AnyIterator(batcher.packer(step, id: liveID))
    }

    package func execute(_ document: MutationDocument) async -> DocumentOutcome {
        let response: HTTPResponse
        do {
            let deadline = max(client.endpoint.timeout, GraphQLClient.mutationDeadline)
            response = try await client.post(body: document.body, retry: .mutations, space: space, timeout: deadline)
        } catch {
            switch error {
            case .cannotConnect, .rateLimited, .invalidToken, .tls, .redirected: return .unreachable(error.message)
            default: return .unknown(error.message)
            }
        }
        switch response.status {
        case 503:
            return .unreachable("the server answered HTTP 503 (unavailable) \(RetryPolicy.mutations.attempts) times")
        case 500...: return .unknown("the server answered HTTP \(response.status)")
        default: return Self.outcome(of: response, document: document)
        }
    }

    /// MPS's words for a refused mutation, as a kind apply acts on. MPS words some failures as
    /// the SQL that failed (`Failed query: delete from "users" … params: …`).
    static func classify(_ message: String) -> MutationFailure {
        let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ")
        if oneLine.hasPrefix("No user found with that email") { return MutationFailure(.noAccount, server: oneLine) }
        if oneLine.hasPrefix("Failed query:") { return MutationFailure(.databaseRefused, server: oneLine) }
        return MutationFailure(.other, server: oneLine)
    }

    /// The outcome of a response the server gave.
    static func outcome(of response: HTTPResponse, document: MutationDocument) -> DocumentOutcome {
        let parsed: GraphQLResponse
        do { parsed = try GraphQLClient.parse(response, bodySize: document.body.count) } catch {
            switch error {
            case .badRequest, .payloadTooLarge: return .refused(error.message)
            case .http, .invalidToken: return .unreachable(error.message)
            default: return .unknown(error.message)
            }
        }
        if let error = parsed.errors.first {
            let alias = error.path.first ?? ""
            if parsed.data == nil, document.aliases.contains(alias) {
                return .failed(alias: alias, failure: Self.classify(error.message))
            }
            // An error that names no alias of the document: the server refused it as a whole.
            return .refused(error.message)
        }
        var ids: [String: Int] = [:]
        for alias in document.aliases {
            if case .int(let id)? = parsed.data?[alias]?["id"] { ids[alias] = id }
        }
        return .applied(ids)
    }
}
