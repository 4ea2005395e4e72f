import Foundation
import Synchronization
import Testing

@testable import MPSClient
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterSession
@testable import RosterYAML

/// A server that answers every request with the live state it holds now, and counts them.
final class LiveSpaceServer: Transport, Sendable {
    private let state: Mutex<(body: String, requests: Int)>

    init(_ body: String) { state = Mutex((body, 0)) }

    var requests: Int { state.withLock { $0.requests } }

    func set(_ body: String) { state.withLock { $0.body = body } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let body = state.withLock { state in
            state.requests += 1
            return state.body
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }
}

/// Planning against the live space as the library does it for plan, apply and pull, called
/// directly: nothing printed, everything returned.
@Suite struct LivePlanTests {
    static func live(level: String = "Senior", owner: Bool = true, craft: String = "Engineering") -> String {
        """
        {"data": {"mySpaces": [{"id": "u_1", "name": "Acme", "isOwner": \(owner)}],
          "users": [{"id": 1, "fullName": "Ada Park", "craftAbility": "\(craft)", "jobLevel": "\(level)",
                     "craftFocus": "Backend", "levelStartDate": null}],
          "teams": [], "jobLevelLimits": [], "spaceMembers": []}}
        """
    }

    static let rosterText = """
        version: 1
        people:
          - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend}
          - {name: Bo Lind, craft: Design, level: Mid, focus: NotApplicable}
        """

    func roster(_ text: String = rosterText) throws -> Roster {
        let (file, diagnostics) = RosterLoader().load(bytes: Array(text.utf8), path: "roster.yaml")
        #expect(diagnostics.allSatisfy { $0.severity != .error }, "\(diagnostics)")
        return RosterValidator.merge([try #require(file)]).0
    }

    func service(_ server: LiveSpaceServer) -> MPSService {
        let endpoint = MPSEndpoint(url: URL(fileURLWithPath: "/").appendingPathComponent("graphql"), token: "t")
        return MPSService(client: GraphQLClient(endpoint: endpoint, transport: server))
    }

    /// What the command line does: the space read (its notices kept), then planned.
    func make(
        _ request: PlanRequest, roster: Roster, server: LiveSpaceServer
    ) async throws -> (LivePlan, notices: [Diagnostic]) {
        let service = service(server)
        let (live, notices) = try await LiveSession.read(service, space: nil)
        return (try LivePlan(request, roster: roster, live: live, service: service, space: nil, endpoint: "e"), notices)
    }

    func request(only: String? = nil) throws -> PlanRequest {
        try PlanRequest(paths: ["roster.yaml"], prune: false, only: only, exclude: nil)
    }

    @Test func oneReadMakesThePlanAndAgainReadsOnceMore() async throws {
        let server = LiveSpaceServer(Self.live())
        let (made, notices) = try await make(try request(), roster: try roster(), server: server)
        #expect(notices.isEmpty && server.requests == 1)
        #expect(made.plan.changes.map(\.name) == ["Bo Lind"])
        server.set(Self.live(level: "Staff"))
        let again = try await made.again(try request())
        #expect(server.requests == 2)
        #expect(again.plan.changes.map(\.name).sorted() == ["Ada Park", "Bo Lind"])
    }

    @Test func aNewerServersValuesAreNoticedNotRefused() async throws {
        let server = LiveSpaceServer(Self.live(craft: "Security"))
        let (_, notices) = try await make(try request(), roster: try roster(), server: server)
        #expect(notices.map(\.code) == [.newerServer])
    }

    @Test func aSelectionOfNothingIsAUsageFailure() async throws {
        let server = LiveSpaceServer(Self.live())
        await #expect {
            try await make(try request(only: "person:Nobody"), roster: try roster(), server: server)
        } throws: { ($0 as? SessionFailure)?.kind == .usage }
    }

    @Test func accessNeedsTheOwnerAndSaysWhere() throws {
        let roster = try roster(Self.rosterText + "\naccess:\n  members: [a@b.c]\n")
        let live = LiveState(
            space: LiveSpace(id: "u_2", name: "Theirs", isOwner: false), users: [], teams: [], levels: [])
        let refusal = OwnerManagesAccess().refusal(at: .planned(try request(), roster, live))
        #expect(refusal?.kind == .refused)
        #expect(refusal?.diagnostics.first?.location?.line == 6)
    }

    @Test func anInvalidRosterIsItsDiagnostics() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).yaml")
        try "version: 1\npeople: [{name: A, craft: Nope, level: Mid}]\n".write(
            to: folder, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try LiveSession.loadRoster([folder.path])
            Issue.record("loaded")
        } catch {
            #expect(error.kind == .invalidRoster)
            #expect(error.diagnostics.map(\.code) == [.undeclaredValue])
        }
    }

    @Test func failuresOfTheWayToMPSAreSortedByKind() {
        #expect(SessionFailure(MPSError.invalidToken).kind == .auth)
        #expect(SessionFailure(MPSError.timedOut(endpoint: "e", seconds: 1)).kind == .network)
        #expect(SessionFailure(MPSError.spaceNotAccessible(space: "u", available: [])).kind == .refused)
    }
}

/// `export`'s work, called directly: what the document leaves out comes back as coded diagnostics.
@Suite struct RosterExporterTests {
    @Test func aFreeTextDateIsLeftOutWithACodedWarning() {
        let live = LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true),
            users: [
                LiveUser(
                    id: 1, name: "Ada Park", craft: .engineering, level: .senior, focus: .backend,
                    levelStartDate: "spring 2021")
            ], teams: [], levels: [])
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        guard case .mapping(let root, _) = exporter.document() else {
            Issue.record("not a mapping")
            return
        }
        #expect(root.map(\.0) == ["version", "people", "teams"])
        #expect(exporter.warnings.map(\.code) == [.freeTextDate])
        #expect(exporter.warnings.first?.severity == .warning)
    }
}
