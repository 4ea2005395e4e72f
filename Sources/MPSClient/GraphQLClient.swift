import Foundation
import RosterCore

/// GraphQL over HTTP with MPS's conventions: Bearer token, `x-space-id`, all values as
/// variables, typed errors for every outcome the contract lists, retries where allowed.
package final class GraphQLClient: Sendable {
    package let endpoint: MPSEndpoint
    let transport: any Transport
    let log: (@Sendable (String) -> Void)?
    /// Told of every wait before a request is sent again (`server busy (503); retrying in 20 s`).
    let notice: (@Sendable (String) -> Void)?
    static let userAgent = "roster/\(RosterVersion.current) (+https://github.com/roster-dev/roster)"
    /// How long a mutation request may take, whatever `--timeout` says for reads: one that timed
    /// out may still run, so apply gives the server every chance to answer.
    package static let mutationDeadline: TimeInterval = 120

    package init(
        endpoint: MPSEndpoint, transport: any Transport, log: (@Sendable (String) -> Void)? = nil,
        notice: (@Sendable (String) -> Void)? = nil
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.log = log
        self.notice = notice
    }

    /// The JSON body of a request, exactly as it will be sent.
    static func body(query: String, variables: JSONValue?, operationName: String? = nil) -> Data {
        var fields: [(String, JSONValue)] = [("query", .string(query))]
        if let variables { fields.append(("variables", variables)) }
        if let operationName { fields.append(("operationName", .string(operationName))) }
        return Data(JSONValue.object(fields).rendered().utf8)
    }

    /// Sends a prepared body. Errors in a 200 response are returned, not thrown, so callers can
    /// tell a failed alias from a failed request; `Not authenticated` is thrown.
    func send(body: Data, retry: RetryPolicy) async throws(MPSError) -> GraphQLResponse {
        let response = try await post(body: body, retry: retry, space: endpoint.space)
        return try Self.parse(response, bodySize: body.count, endpoint: endpoint.url.absoluteString)
    }

    /// Sends a prepared body as `space` (nil: the caller's own) and returns the raw response;
    /// `timeout` overrides the endpoint's.
    package func post(
        body: Data, retry: RetryPolicy, space: String?, timeout: TimeInterval? = nil
    ) async throws(MPSError) -> HTTPResponse {
        var headers = [
            "Content-Type": "application/json",
            "Accept": "application/json",
            "Authorization": "Bearer \(endpoint.token)",
            "User-Agent": Self.userAgent,
        ]
        if let space { headers["x-space-id"] = space }
        let request = HTTPRequest(
            method: "POST", url: endpoint.url, headers: headers, body: body,
            timeout: timeout ?? endpoint.timeout, freshConnection: !retry.resendsWhenUnsure)
        return try await exchange(request, retry: retry)
    }

    /// One exchange, sent again as `retry` allows; a redirect is followed only as ``Redirect`` allows.
    func exchange(_ request: HTTPRequest, retry: RetryPolicy) async throws(MPSError) -> HTTPResponse {
        var request = request
        var hops = 0
        while true {
            let response = try await attempts(request, retry: retry)
            guard
                let next = try Redirect.next(
                    after: response, to: request, safeToResend: retry.resendsWhenUnsure, hops: hops)
            else { return response }
            request = next
            hops += 1
        }
    }

    /// One request, sent again as `retry` allows.
    private func attempts(_ request: HTTPRequest, retry: RetryPolicy) async throws(MPSError) -> HTTPResponse {
        var attempt = 0
        while true {
            attempt += 1
            let started = Date()
            let sent: HTTPResponse
            do {
                sent = try await transport.send(request)
            } catch {
                logExchange(request, status: "failed (\(error))", since: started)
                let mapped = Self.mapTransport(error, endpoint: endpoint, timeout: request.timeout)
                guard retry.retries(error), attempt < retry.attempts else { throw mapped }
                try await wait(retry.delay(afterAttempt: attempt, retryAfter: nil), after: mapped.message)
                continue
            }
            logExchange(request, status: "\(sent.status)", since: started)
            var response = sent
            response.redact = Redactor(secrets: [endpoint.token])
            guard retry.retries(status: response.status), attempt < retry.attempts else {
                if response.status == 429 {
                    throw MPSError.rateLimited(retryAfter: Self.retryAfter(response).map { Int($0) })
                }
                return response
            }
            let busy = response.status == 429 || response.status == 503 ? "server busy" : "server error"
            try await wait(
                retry.delay(afterAttempt: attempt, retryAfter: Self.retryAfter(response)),
                after: "\(busy) (HTTP \(response.status))")
        }
    }

    /// Says why and how long, then waits.
    private func wait(_ seconds: Double, after reason: String) async throws(MPSError) {
        let shown = seconds >= 1 ? "\(Int(seconds.rounded(.up))) s" : "\(Int((seconds * 1000).rounded())) ms"
        notice?("\(reason); retrying in \(shown)")
        do { try await Task.sleep(nanoseconds: UInt64(seconds * 1e9)) } catch { throw .invalidResponse("cancelled") }
    }

    static func retryAfter(_ response: HTTPResponse) -> Double? {
        (response.header("Retry-After") ?? response.header("X-Retry-After")).flatMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
    }

    static func mapTransport(_ error: TransportError, endpoint: MPSEndpoint, timeout: TimeInterval) -> MPSError {
        let url = endpoint.url.absoluteString
        switch error {
        case .cannotConnect(let detail): return .cannotConnect(endpoint: url, detail: detail)
        case .timedOut: return .timedOut(endpoint: url, seconds: Int(max(1, timeout.rounded(.up))))
        case .connectionLost(let detail): return .connectionLost(endpoint: url, detail: detail)
        case .tls(let failure): return .tls(failure)
        case .tooLarge(let limit): return .responseTooLarge(endpoint: url, limit: limit)
        case .other(let detail): return .connectionLost(endpoint: url, detail: detail)
        }
    }

    private func logExchange(_ request: HTTPRequest, status: String, since started: Date) {
        guard let log else { return }
        let ms = Int(Date().timeIntervalSince(started) * 1000)
        let size = request.body?.count ?? 0
        log(
            "\(request.method) \(request.url.absoluteString) → \(status) (\(ms) ms, \(size) bytes sent, "
                + "Authorization: Bearer ***)"
        )
    }

    /// Maps an HTTP response to data and errors, or to a typed error.
    package static func parse(
        _ response: HTTPResponse, bodySize: Int, endpoint: String? = nil
    ) throws(MPSError) -> GraphQLResponse {
        switch response.status {
        case 200:
            break
        case 413:
            throw .payloadTooLarge(bytes: bodySize)
        case 401:
            // MPS itself answers 200 with `Not authenticated`; a gateway in front of it may say 401.
            throw .invalidToken
        case 400:
            let errors = parseErrors(JSONValue(parsing: response.body)?["errors"], response.redact)
            throw .badRequest(status: 400, messages: errors.isEmpty ? [snippet(response)] : errors.map(\.message))
        default:
            throw .http(status: response.status, detail: (endpoint.map { "from \($0): " } ?? "") + snippet(response))
        }
        guard let json = JSONValue(parsing: response.body), case .object = json else {
            throw .invalidResponse("the body is not a JSON object: \(snippet(response))")
        }
        let errors = parseErrors(json["errors"], response.redact)
        if errors.contains(where: { $0.message == "Not authenticated" }) { throw .invalidToken }
        let data = json["data"].flatMap { $0 == .null ? nil : $0 }
        if json["data"] == nil, !errors.isEmpty, errors.allSatisfy({ $0.code == "BAD_USER_INPUT" }) {
            throw .badRequest(status: 200, messages: errors.map(\.message))
        }
        return GraphQLResponse(data: data, errors: errors)
    }

    /// A response's `errors`, their messages redacted.
    static func parseErrors(_ value: JSONValue?, _ redact: Redactor) -> [GraphQLErrorMessage] {
        guard case .array(let list)? = value else { return [] }
        return list.map { entry in
            var path: [String] = []
            if case .array(let parts)? = entry["path"] {
                path = parts.map { part in part.stringValue ?? part.rendered() }
            }
            return GraphQLErrorMessage(
                message: redact(entry["message"]?.stringValue ?? "unknown error"), path: path,
                code: entry["extensions"]?["code"]?.stringValue)
        }
    }

    /// The start of an answer's body, for a message: one line, redacted.
    static func snippet(_ response: HTTPResponse) -> String {
        let body = response.body
        let text = String(decoding: body.prefix(200), as: UTF8.self).replacingOccurrences(of: "\n", with: " ")
        return response.redact(text.count < body.count ? text + "…" : text)
    }
}

/// A GraphQL response: its `data` and its errors.
package struct GraphQLResponse: Sendable {
    package var data: JSONValue?
    package var errors: [GraphQLErrorMessage]
}

/// One entry of a GraphQL response's `errors`.
package struct GraphQLErrorMessage: Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var path: [String]
    var code: String?

    init(message: String, path: [String] = [], code: String? = nil) {
        self.message = message
        self.path = path
        self.code = code
    }

    package var description: String {
        path.isEmpty ? message : "\(path.joined(separator: ".")): \(message)"
    }
}
