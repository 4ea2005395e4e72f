import Foundation
import Synchronization

@testable import MPSClient

/// MPS in memory, for the application layer's tests: reads answer the space as it is now (a
/// test changes it between reads, as another writer would); mutations and sign-outs are counted
/// and refused, so a test sees whether anything was sent.
final class MemoryServer: Transport, Sendable {
    struct Person {
        var id: Int
        var name: String
        var level = "Senior"
        var craft = "Engineering"
        var focus = "Backend"
    }

    struct State {
        var people: [Person]
        var owner = true
        var reads = 0
        var mutations = 0
        var signOuts = 0
        /// Run on the space after each read, by the read's number (1 for the first).
        var afterRead: [Int: @Sendable (inout State) -> Void] = [:]
    }

    private let state: Mutex<State>

    init(_ people: [Person]) { state = Mutex(State(people: people)) }

    func with<T>(_ body: (inout State) -> T) -> T { state.withLock { body(&$0) } }

    var mutations: Int { with { $0.mutations } }
    var reads: Int { with { $0.reads } }

    func send(_ request: HTTPRequest) async throws(TransportError) -> HTTPResponse {
        let text = String(decoding: request.body ?? Data(), as: UTF8.self)
        let body: String = with { state in
            if request.url.path.hasSuffix("sign-out") {
                state.signOuts += 1
                return "{}"
            }
            if request.url.path.hasSuffix("get-session") {
                return #"{"user": {"id": "u_1", "name": "Jane", "email": "jane@example.com"}}"#
            }
            if text.hasPrefix("{\"query\":\"mutation") {
                state.mutations += 1
                return #"{"errors": [{"message": "refused by the test server"}]}"#
            }
            state.reads += 1
            let answer = Self.read(state)
            state.afterRead[state.reads]?(&state)
            return answer
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    static func read(_ state: State) -> String {
        let users = state.people.map {
            """
            {"id": \($0.id), "fullName": "\($0.name)", "craftAbility": "\($0.craft)", "jobLevel": "\($0.level)",
             "craftFocus": "\($0.focus)", "levelStartDate": null}
            """
        }
        return """
            {"data": {"mySpaces": [{"id": "u_1", "name": "Acme", "isOwner": \(state.owner)}],
              "users": [\(users.joined(separator: ","))], "teams": [], "jobLevelLimits": [], "spaceMembers": []}}
            """
    }
}
