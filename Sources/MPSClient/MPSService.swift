import Foundation
import RosterCore
import RosterModel
import Synchronization

/// The MPS operations roster uses, on top of ``GraphQLClient``.
package struct MPSService: Sendable {
    package let client: GraphQLClient
    /// What the server turned out to lack, kept for the later reads of this run.
    private let lacking = LackingFeatures()

    package init(client: GraphQLClient) {
        self.client = client
    }

    /// The one read of the live state, without what the server lacks.
    static func liveQuery(lacking: Set<ServerFeature>) -> String {
        // A person field the server lacks is left out (its row names the feature).
        let missing = Set(PersonField.all.filter { $0.row.feature.map(lacking.contains) ?? false }.map(\.wire))
        let user = MPSField.User.allCases.filter { !missing.contains($0) }
        let limit = "\(MPSField.Limit.jobLevel) \(MPSField.Limit.limitMonths)"
        let limits = lacking.contains(.levelLimits) ? "" : "\n  jobLevelLimits { \(limit) }"
        let members = lacking.contains(.access) ? "" : "\n  spaceMembers { authId email name }"
        // A team's fields as the table reads them: a person (the lead, each member) by their id.
        let team = TeamField.allCases.filter { !($0.feature.map(lacking.contains) ?? false) }.map { field in
            switch field.kind {
            case .person, .people: "\(field.read) { \(MPSField.User.id) }"
            case .fixedSet, .date, .freeText: field.read.rawValue
            }
        }
        return """
            query RosterLiveState {
              mySpaces { id name isOwner }
              users { \(user.map(\.rawValue).joined(separator: " ")) }
              teams { \(MPSField.Team.id) \(team.joined(separator: " ")) }\(limits)\(members)
            }
            """
    }

    /// Reads people, teams, level limits and the token's spaces in one request. When a space is
    /// targeted it must be among the token's spaces: the server would silently answer with the
    /// caller's own space otherwise.
    func readLiveState() async throws(MPSError) -> LiveState {
        try await readLiveState(space: client.endpoint.space)
    }

    /// Reads the live state of `space` (nil: the caller's own space). A server older than a
    /// field roster asks for refuses the whole query: the read is made again without it, and the
    /// state says what the server lacks.
    package func readLiveState(space target: String?) async throws(MPSError) -> LiveState {
        while true {
            let known = lacking.features
            do {
                var live = try await readLiveState(space: target, lacking: known)
                live.lacking = known
                return live
            } catch .badRequest(let status, let messages) {
                let found = Set(messages.flatMap(Self.lacking(in:))).subtracting(known)
                guard !found.isEmpty else { throw MPSError.badRequest(status: status, messages: messages) }
                lacking.add(found)
            }
        }
    }

    private func readLiveState(space target: String?, lacking: Set<ServerFeature>) async throws(MPSError) -> LiveState {
        let read = try await decodedRead(Self.liveQuery(lacking: lacking), "RosterLiveState", space: target)
        var live = try Self.assemble(
            target: target, spaces: read.spaces, users: read.users, teams: read.teams, levels: read.levels)
        // spaceMembers always answers for the caller's own space.
        if live.space.isOwner && !lacking.contains(.access) { live.members = read.members }
        return live
    }

    /// A read of the live state's fields, decoded by the one live-state decoder; a response that is
    /// not a clean answer says why, in the server's words when it gave some.
    private func decodedRead(
        _ query: String, _ operation: String, space: String?
    ) async throws(MPSError) -> LiveStateDecoder.Decoded {
        let body = GraphQLClient.body(query: query, variables: nil, operationName: operation)
        let raw = try await client.post(body: body, retry: .reads, space: space)
        if raw.status == 200, let decoded = LiveStateDecoder.decode(raw.body) { return decoded }
        let response = try GraphQLClient.parse(raw, bodySize: body.count, endpoint: client.endpoint.url.absoluteString)
        if !response.errors.isEmpty { throw MPSError.graphQL(response.errors) }
        throw MPSError.invalidResponse("the answer to \(operation) does not have the shape of the MPS schema")
    }

    /// The features an older server's refusal says it lacks: `Cannot query field
    /// "levelStartDate" on type "User".` (graphql-js words; quotes single or double).
    static func lacking(in message: String) -> [ServerFeature] {
        guard message.contains("Cannot query field") else { return [] }
        return ServerFeature.allCases.filter { feature in
            let name = feature.field.name
            return message.contains("\"\(name)\"") || message.contains("'\(name)'")
        }
    }

    /// The live state, once the space the data belongs to is checked against the token's spaces.
    static func assemble(
        target: String?, spaces: [LiveSpace], users: [LiveUser], teams: [LiveTeam],
        levels: [(level: JobLevel, limitMonths: Int)]
    ) throws(MPSError) -> LiveState {
        let space: LiveSpace
        if let target {
            guard let found = spaces.first(where: { $0.id == target }) else {
                throw MPSError.spaceNotAccessible(space: target, available: spaces.map { "\($0.id) (\($0.name))" })
            }
            space = found
        } else {
            guard let own = spaces.first(where: \.isOwner) ?? spaces.first else {
                throw MPSError.invalidResponse("mySpaces is empty")
            }
            space = own
        }
        return LiveState(space: space, users: users, teams: teams, levels: levels)
    }

    /// The token's spaces, own space first.
    package func spaces() async throws(MPSError) -> [LiveSpace] {
        let read = try await decodedRead(
            "query RosterSpaces { mySpaces { id name isOwner } }", "RosterSpaces", space: client.endpoint.space)
        guard read.fields.contains("mySpaces") else { throw MPSError.invalidResponse("mySpaces missing") }
        return read.spaces
    }

    /// Who may open the caller's own space besides the caller (`spaceMembers`).
    package func members() async throws(MPSError) -> [LiveMember] {
        let read = try await decodedRead(
            "query RosterMembers { spaceMembers { authId email name } }", "RosterMembers", space: client.endpoint.space)
        guard read.fields.contains("spaceMembers") else { throw MPSError.invalidResponse("spaceMembers missing") }
        return read.members
    }

    /// Ends the session behind the token (`POST /api/auth/sign-out`).
    package func signOut() async throws(MPSError) {
        let url = client.endpoint.baseURL.appendingPathComponent("api/auth/sign-out")
        let request = HTTPRequest(
            method: "POST", url: url,
            headers: [
                "Authorization": "Bearer \(client.endpoint.token)", "User-Agent": GraphQLClient.userAgent,
                "Content-Type": "application/json",
            ], body: Data("{}".utf8), timeout: client.endpoint.timeout)
        let response = try await client.exchange(request, retry: .reads)
        guard response.status == 200 else {
            throw MPSError.http(status: response.status, detail: GraphQLClient.snippet(response))
        }
    }

    /// The session behind the token (`GET /api/auth/get-session`): nil when the server says the
    /// token is not a valid session (an explicit `null` or HTTP 401).
    package func session() async throws(MPSError) -> (id: String, name: String, email: String)? {
        let url = client.endpoint.baseURL.appendingPathComponent("api/auth/get-session")
        let request = HTTPRequest(
            method: "GET", url: url,
            headers: [
                "Authorization": "Bearer \(client.endpoint.token)",
                "User-Agent": GraphQLClient.userAgent, "Accept": "application/json",
            ],
            timeout: client.endpoint.timeout)
        let response = try await client.exchange(request, retry: .reads)
        if response.status == 401 { return nil }
        guard response.status == 200 else {
            throw MPSError.http(
                status: response.status,
                detail: "from \(client.endpoint.url.absoluteString): " + GraphQLClient.snippet(response))
        }
        guard let json = JSONValue(parsing: response.body) else {
            throw MPSError.invalidResponse("get-session answered \(GraphQLClient.snippet(response))")
        }
        if json == .null { return nil }
        guard let user = json["user"], let id = user["id"]?.stringValue else {
            throw MPSError.invalidResponse("get-session answered \(GraphQLClient.snippet(response))")
        }
        return (id, user["name"]?.stringValue ?? "", user["email"]?.stringValue ?? "")
    }
}

/// The features a server lacks, learnt once per run and shared by every copy of the service.
final class LackingFeatures: Sendable {
    private let state = Mutex<Set<ServerFeature>>([])

    var features: Set<ServerFeature> { state.withLock { $0 } }

    func add(_ found: Set<ServerFeature>) { state.withLock { $0.formUnion(found) } }
}
