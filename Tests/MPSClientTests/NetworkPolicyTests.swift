import Foundation
import Testing

@testable import MPSClient

/// The client's network policy against a scripted transport: which redirects are followed, which
/// failures are final, and how the trust store takes a user's bundle.
@Suite struct NetworkPolicyTests {
    let endpoint = MPSEndpoint(
        url: URL(string: "https://mps.example.com/graphql")!, token: "secret-token", space: nil, timeout: 5)
    let fast = RetryPolicy(attempts: 4, baseDelay: 0.001, maxDelay: 0.002)

    func redirect(_ code: Int, to location: String) -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: code, headers: ["Location": location], body: Data()))
    }

    func send(
        _ answers: [Result<HTTPResponse, TransportError>], retry: RetryPolicy
    ) async -> (Result<GraphQLResponse, MPSError>, ScriptedTransport) {
        let transport = ScriptedTransport(answers)
        let client = GraphQLClient(endpoint: endpoint, transport: transport)
        do {
            return (.success(try await client.send(body: Data("{}".utf8), retry: retry)), transport)
        } catch {
            return (.failure(error), transport)
        }
    }

    @Test(arguments: [
        "https://elsewhere.example.com/graphql", "http://mps.example.com/graphql",
        "https://mps.example.com:8443/graphql",
        "//evil.example.com/graphql",
    ])
    func aRedirectToAnotherOriginIsAnError(_ location: String) async {
        let (result, transport) = await send([redirect(307, to: location)], retry: fast)
        guard case .failure(.redirected(let from, let to)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(from == "https://mps.example.com/graphql")
        #expect(!to.isEmpty)
        #expect(transport.requests.count == 1)
    }

    @Test func aSameOriginRedirectIsFollowedForReads() async {
        let ok = Result<HTTPResponse, TransportError>.success(
            HTTPResponse(status: 200, body: Data(#"{"data":{"users":[]}}"#.utf8)))
        let (result, transport) = await send([redirect(308, to: "/v2/graphql"), ok], retry: fast)
        #expect((try? result.get()) != nil, "\(result)")
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://mps.example.com/graphql", "https://mps.example.com/v2/graphql",
            ])
        #expect(transport.requests[1].headers["Authorization"] == "Bearer secret-token")
    }

    @Test func aMutationIsNeverRedirected() async {
        let (result, transport) = await send([redirect(307, to: "/v2/graphql")], retry: .mutations)
        guard case .failure(.redirected) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func aLoopOfRedirectsEnds() async {
        let answers = (0..<10).map { _ in redirect(302, to: "/graphql") }
        let (result, transport) = await send(answers, retry: fast)
        guard case .failure(.redirected) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(transport.requests.count == 1 + 5, "the request and five hops")
    }

    @Test(arguments: [
        TransportError.tls(.untrusted(host: "mps.example.com", detail: "self-signed")), .tooLarge(limit: 1024),
        .timedOut,
    ])
    func finalFailuresAreNotRetried(_ failure: TransportError) async {
        let (result, transport) = await send([.failure(failure), .failure(failure)], retry: fast)
        #expect((try? result.get()) == nil)
        #expect(transport.requests.count == 1)
    }

    @Test func aLostConnectionOfAReadIsRetried() async {
        let ok = Result<HTTPResponse, TransportError>.success(
            HTTPResponse(status: 200, body: Data(#"{"data":{"users":[]}}"#.utf8)))
        let (result, transport) = await send([.failure(.connectionLost("reset")), ok], retry: fast)
        #expect((try? result.get()) != nil)
        #expect(transport.requests.count == 2)
    }

    @Test func errorsNameWhatFailed() {
        // What happened, in the client's words; what to do (a flag to set) is the command line's.
        #expect(
            MPSError.redirected(from: "https://a/graphql", to: "https://b/graphql").message
                == "the server at https://a/graphql redirected to https://b/graphql")
        #expect(MPSError.redirected(from: "a", to: "b").remedy == .useFinalURL)
        #expect(!MPSError.timedOut(endpoint: "https://a", seconds: 3).message.contains("--"))
        #expect(MPSError.tls(.expired(host: "a")).message.contains("the certificate of a has expired"))
        #expect(MPSError.tls(.untrusted(host: "a", detail: "x")).message.contains("SSL_CERT_FILE"))
        #expect(
            MPSError.responseTooLarge(endpoint: "https://a", limit: 256 << 20).message.contains("larger than 256 MB"))
        #expect(MPSError.timedOut(endpoint: "https://a", seconds: 3).message.contains("took longer than 3 s"))
    }

    @Test func aTrustFileThatIsNoBundleIsNamed() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-bundle-\(UUID().uuidString)")
        try "hello".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(throws: TLSFailure.self) { try TLSTrust.from(environment: ["SSL_CERT_FILE": file.path], caFile: nil) }
        #expect(throws: TLSFailure.self) { try TLSTrust.from(environment: [:], caFile: "/nonexistent/ca.pem") }
        #expect(try TLSTrust.from(environment: [:], caFile: nil) == .system)
    }
}

/// What a server echoes of a request never prints a credential.
@Suite struct RedactorTests {
    @Test(arguments: [
        ("You sent: Authorization: Bearer abc.def-123; ok", "You sent: Authorization: Bearer ***; ok"),
        (#"{"authorization":"Basic dXNlcjpwYXNz","x":1}"#, #"{"authorization":"Basic ***","x":1}"#),
        ("authorization=xyz&a=b", "authorization=***&a=b"), ("token tok-0123456789 leaked", "token *** leaked"),
        ("bearer: ***", "bearer: ***"), ("no credential here", "no credential here"),
    ])
    func credentialsAreHidden(_ text: String, _ shown: String) {
        #expect(Redactor(secrets: ["tok-0123456789"])(text) == shown)
    }

    @Test func anEndpointsUserAndPasswordAreRefusedAndNeverShown() {
        #expect(throws: MPSError.self) { try MPSEndpoint.parse("https://jane:s3cret@mps.example.com/graphql") }
        do {
            _ = try MPSEndpoint.parse("https://jane:s3cret@mps.example.com/graphql")
        } catch {
            #expect(error.message.contains("https://***@mps.example.com/graphql") && !error.message.contains("s3cret"))
        }
        #expect(MPSEndpoint.shown("https://a b:c@host/x@y") == "https://***@host/x@y")
        #expect(MPSEndpoint.shown("https://host/graphql") == "https://host/graphql")
    }
}
