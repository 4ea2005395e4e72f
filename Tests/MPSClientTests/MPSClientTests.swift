import Foundation
import Synchronization
import Testing

@testable import MPSClient

/// A transport that answers from a script, for the client's error mapping and retries.
final class ScriptedTransport: Transport, Sendable {
    private let state: Mutex<(answers: [Result<HTTPResponse, TransportError>], requests: [HTTPRequest])>

    init(_ answers: [Result<HTTPResponse, TransportError>]) { state = Mutex((answers, [])) }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let answer: Result<HTTPResponse, TransportError> = state.withLock { state in
            state.requests.append(request)
            return state.answers.isEmpty ? .failure(.other("no more answers")) : state.answers.removeFirst()
        }
        return try answer.get()
    }
}

@Suite struct MPSClientTests {
    let endpoint = MPSEndpoint(
        url: URL(string: "https://mps.example.com/graphql")!, token: "secret-token", space: "u_x", timeout: 5)

    func json(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: status, headers: headers, body: Data(body.utf8)))
    }

    func send(
        _ answers: [Result<HTTPResponse, TransportError>],
        retry: RetryPolicy = RetryPolicy(attempts: 4, baseDelay: 0.001, maxDelay: 0.002)
    ) async -> (Result<GraphQLResponse, MPSError>, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        let client = GraphQLClient(endpoint: endpoint, transport: transport)
        do {
            return (
                .success(
                    try await client.send(
                        body: GraphQLClient.body(query: "{ users { id } }", variables: nil), retry: retry)), transport
            )
        } catch {
            return (.failure(error), transport)
        }
    }

    @Test func headersCarryTokenSpaceAndUserAgent() async {
        let (_, transport) = await send([json(200, #"{"data":{"users":[]}}"#)])
        let request = transport.requests[0]
        #expect(request.headers["Authorization"] == "Bearer secret-token")
        #expect(request.headers["x-space-id"] == "u_x")
        #expect(request.headers["User-Agent"]?.hasPrefix("roster/") == true)
        #expect(request.timeout == 5)
    }

    @Test func notAuthenticatedIsAnInvalidToken() async {
        let (result, _) = await send([
            json(
                200,
                #"{"errors":[{"message":"Not authenticated","path":["users"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#
            )
        ])
        #expect(throws: MPSError.invalidToken) { try result.get() }
    }

    @Test func errorsWithDataNullAreReturnedForTheCaller() async throws {
        let (result, _) = await send([
            json(200, #"{"errors":[{"message":"User not found","path":["a2"]}],"data":null}"#)
        ])
        let response = try result.get()
        #expect(response.data == nil)
        #expect(response.errors == [GraphQLErrorMessage(message: "User not found", path: ["a2"])])
    }

    @Test func statusCodesMapToTypedErrors() async {
        let tooLarge = await send([json(413, "<html>too large</html>")]).0
        #expect(throws: MPSError.payloadTooLarge(bytes: 28)) { try tooLarge.get() }
        let parse = await send([
            json(400, #"{"errors":[{"message":"Syntax Error","extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#)
        ]).0
        #expect(throws: MPSError.badRequest(status: 400, messages: ["Syntax Error"])) { try parse.get() }
        let coercion = await send([
            json(200, #"{"errors":[{"message":"bad value","extensions":{"code":"BAD_USER_INPUT"}}]}"#)
        ]).0
        #expect(throws: MPSError.badRequest(status: 200, messages: ["bad value"])) { try coercion.get() }
        let garbage = await send([json(200, "nope")]).0
        #expect(throws: MPSError.invalidResponse("the body is not a JSON object: nope")) { try garbage.get() }
    }

    @Test func readsRetryNetworkErrors5xxAnd429() async throws {
        let (result, transport) = await send([
            .failure(.connectionLost("reset")), json(503, "busy"), json(429, "slow", headers: ["Retry-After": "0"]),
            json(200, #"{"data":{"users":[]}}"#),
        ])
        _ = try result.get()
        #expect(transport.requests.count == 4)
    }

    @Test func retriesStopAfterThreeAndReportTheLastError() async {
        let (result, transport) = await send(Array(repeating: json(502, "bad gateway"), count: 5))
        #expect(throws: MPSError.http(status: 502, detail: "from https://mps.example.com/graphql: bad gateway")) {
            try result.get()
        }
        #expect(transport.requests.count == 4)
        let (refused, _) = await send(Array(repeating: .failure(.cannotConnect("Connection refused")), count: 4))
        #expect(
            throws: MPSError.cannotConnect(endpoint: "https://mps.example.com/graphql", detail: "Connection refused")
        ) { try refused.get() }
    }

    @Test func noRetryPolicySendsOnce() async {
        let (_, transport) = await send([json(503, "busy"), json(200, "{}")], retry: .none)
        #expect(transport.requests.count == 1)
    }

    @Test func plainHTTPOnlyForLoopback() {
        for ok in [
            "https://mps.example.com/graphql", "http://localhost:4000/graphql", "http://127.0.0.1:9/graphql",
            "http://[::1]:4000/graphql",
        ] {
            #expect(throws: Never.self) { try MPSEndpoint.checkScheme(URL(string: ok)!) }
        }
        for bad in ["http://mps.example.com/graphql", "http://10.0.0.1/graphql", "ftp://x/graphql"] {
            #expect(throws: MPSError.self) { try MPSEndpoint.checkScheme(URL(string: bad)!) }
        }
    }

    @Test func backoffIsCappedJitteredAndHonoursRetryAfter() {
        let policy = RetryPolicy(attempts: 4, baseDelay: 0.25, maxDelay: 2)
        for attempt in 1...6 {
            let d = policy.delay(afterAttempt: attempt, retryAfter: nil)
            #expect(d <= 2 && d >= min(2, 0.25 * pow(2, Double(attempt - 1))) / 2)
        }
        #expect(policy.delay(afterAttempt: 1, retryAfter: 5) == 5)
    }
}

/// MPS's words, read where they are known.
@Suite struct MPSWordsTests {
    @Test func anOlderServerSaysWhatItLacks() {
        #expect(MPSService.lacking(in: "Cannot query field \"levelStartDate\" on type \"User\".") == [.levelStartDates])
        #expect(MPSService.lacking(in: "Cannot query field 'jobLevelLimits' on type 'Query'.") == [.levelLimits])
        #expect(MPSService.lacking(in: "Unknown argument").isEmpty)
    }
}
