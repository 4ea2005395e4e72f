import Foundation
import RosterDiagnostics
import RosterModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The MPS operations roster uses, on top of ``GraphQLClient``.
public struct MPSService: Sendable {
    public let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    static let liveQuery = """
        query RosterLiveState {
          mySpaces { id name isOwner }
          users { id fullName craftAbility jobLevel craftFocus levelStartDate }
          teams { id name teamLead { id } members { id } }
          jobLevelLimits { jobLevel limitMonths }
        }
        """

    /// Reads people, teams, level limits and the token's spaces in one request. When a space is
    /// targeted it must be among the token's spaces: the server would silently answer with the
    /// caller's own space otherwise.
    public func readLiveState() async throws(MPSError) -> LiveState {
        try await readLiveState(space: client.endpoint.space)
    }

    /// Reads the live state of `space` (nil: the caller's own space).
    public func readLiveState(space target: String?) async throws(MPSError) -> LiveState {
        let body = GraphQLClient.body(query: Self.liveQuery, variables: nil, operationName: "RosterLiveState")
        let raw = try await client.post(body: body, retry: .reads, space: target)
        if raw.status == 200, let fast = LiveStateDecoder.decode(raw.body) {
            return try Self.assemble(
                target: target, spaces: fast.spaces, users: fast.users, teams: fast.teams, levels: fast.levels)
        }
        let response = try GraphQLClient.parse(raw, bodySize: body.count, endpoint: client.endpoint.url.absoluteString)
        if !response.errors.isEmpty { throw MPSError.graphQL(response.errors) }
        guard let data = response.data else { throw MPSError.invalidResponse("no data") }
        guard let users = data["users"] as? [[String: Any]], let teams = data["teams"] as? [[String: Any]],
            let limits = data["jobLevelLimits"] as? [[String: Any]]
        else {
            throw MPSError.invalidResponse("users, teams or jobLevelLimits missing")
        }
        return try Self.assemble(
            target: target, spaces: try Self.spaces(data["mySpaces"]), users: try users.map(Self.user),
            teams: try teams.map(Self.team), levels: try limits.map(Self.limit))
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
    public func spaces() async throws(MPSError) -> [LiveSpace] {
        let response = try await client.send(
            body: GraphQLClient.body(query: "query RosterSpaces { mySpaces { id name isOwner } }", variables: nil),
            retry: .reads)
        if !response.errors.isEmpty { throw MPSError.graphQL(response.errors) }
        return try Self.spaces(response.data?["mySpaces"])
    }

    /// The session behind the token (`GET /api/auth/get-session`): nil when the server says the
    /// token is not a valid session (an explicit `null` or HTTP 401).
    public func session() async throws(MPSError) -> (id: String, name: String, email: String)? {
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
                detail: "from \(client.endpoint.url.absoluteString): " + GraphQLClient.snippet(response.body))
        }
        guard let object = try? JSONSerialization.jsonObject(with: response.body, options: [.fragmentsAllowed]) else {
            throw MPSError.invalidResponse("get-session answered \(GraphQLClient.snippet(response.body))")
        }
        if object is NSNull { return nil }
        guard let json = object as? [String: Any], let user = json["user"] as? [String: Any],
            let id = user["id"] as? String
        else {
            throw MPSError.invalidResponse("get-session answered \(GraphQLClient.snippet(response.body))")
        }
        return (id, user["name"] as? String ?? "", user["email"] as? String ?? "")
    }

    // MARK: decoding

    static func spaces(_ value: Any?) throws(MPSError) -> [LiveSpace] {
        guard let list = value as? [[String: Any]] else { throw MPSError.invalidResponse("mySpaces missing") }
        var out: [LiveSpace] = []
        for s in list {
            guard let id = s["id"] as? String else { throw MPSError.invalidResponse("a space without an id") }
            out.append(LiveSpace(id: id, name: s["name"] as? String ?? "", isOwner: s["isOwner"] as? Bool ?? false))
        }
        return out
    }

    static func int(_ value: Any?) -> Int? {
        if let i = value as? Int { return i }
        if let n = value as? NSNumber { return n.intValue }
        return nil
    }

    static func user(_ u: [String: Any]) throws(MPSError) -> LiveUser {
        guard let id = int(u["id"]), let name = u["fullName"] as? String,
            let craft = (u["craftAbility"] as? String).flatMap(Craft.init(rawValue:)),
            let level = (u["jobLevel"] as? String).flatMap(JobLevel.init(rawValue:)),
            let focus = (u["craftFocus"] as? String).flatMap(Focus.init(rawValue:))
        else {
            throw MPSError.invalidResponse("a user the roster cannot read: \(u)")
        }
        return LiveUser(
            id: id, name: name, craft: craft, level: level, focus: focus, levelStartDate: u["levelStartDate"] as? String
        )
    }

    static func team(_ t: [String: Any]) throws(MPSError) -> LiveTeam {
        guard let id = int(t["id"]), let name = t["name"] as? String,
            let lead = int((t["teamLead"] as? [String: Any])?["id"]),
            let members = t["members"] as? [[String: Any]]
        else {
            throw MPSError.invalidResponse("a team the roster cannot read: \(t)")
        }
        return LiveTeam(id: id, name: name, leadID: lead, memberIDs: members.compactMap { int($0["id"]) })
    }

    static func limit(_ l: [String: Any]) throws(MPSError) -> (level: JobLevel, limitMonths: Int) {
        guard let level = (l["jobLevel"] as? String).flatMap(JobLevel.init(rawValue:)),
            let months = int(l["limitMonths"])
        else {
            throw MPSError.invalidResponse("a job level limit the roster cannot read: \(l)")
        }
        return (level, months)
    }
}
