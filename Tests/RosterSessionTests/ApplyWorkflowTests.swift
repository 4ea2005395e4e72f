import Foundation
import Synchronization
import Testing

@testable import MPSClient
@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile
@testable import RosterRender
@testable import RosterSession

/// What apply shows and asks, recorded.
final class RecordedDisplay: ApplyDisplay, Sendable {
    let events = Mutex<[String]>([])

    func show(_ plan: Plan, people: PeopleView) { events.withLock { $0.append("show \(plan.changes.count)") } }
    func changed(_ changes: [String]) { events.withLock { $0.append("changed \(changes.count)") } }
    func starting() { events.withLock { $0.append("starting") } }
    func sending() { events.withLock { $0.append("sending") } }

    var shown: [String] { events.withLock { $0 } }
}

/// A person at the prompt: the answers in turn, and whether the prompt can be put again.
final class ScriptedPrompt: ApprovalPrompt, Sendable {
    let answers: Mutex<[Bool]>
    let canAskAgain: Bool

    init(_ answers: [Bool], canAskAgain: Bool = true) {
        self.answers = Mutex(answers)
        self.canAskAgain = canAskAgain
    }

    func confirm() throws(SessionFailure) -> Bool {
        answers.withLock { $0.isEmpty ? false : $0.removeFirst() }
    }
}

/// The three ways a plan is approved.
enum Path: String, CaseIterable, CustomTestStringConvertible {
    case asked, autoApproved, saved
    var testDescription: String { rawValue }
}

/// The application layer's apply, without a process: every rail on each approval path, and the
/// approval loop, against a server in memory.
@Suite final class ApplyWorkflowTests {
    static let people = "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend}\n"

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("workflow-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    // Each test's folder goes with it: a run leaves no files behind.
    deinit { try? FileManager.default.removeItem(at: folder) }

    func roster(_ text: String) throws -> String {
        let path = folder.appendingPathComponent("roster.yaml").path
        try ("version: 1\n" + text).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func settings(
        _ paths: [String], _ server: MemoryServer, prune: Bool = false, only: String? = nil, space: String? = nil
    ) -> ApplyWorkflow.Settings {
        ApplyWorkflow.Settings(
            paths: paths, prune: prune, selection: SelectionText(only: only),
            connection: ConnectionOptions(endpoint: "https://mps.test/graphql", space: space, transport: server),
            environment: ["MPS_TOKEN": "t", "XDG_CONFIG_HOME": folder.path])
    }

    /// Saves the plan of `roster` as `roster plan --out` does; the path of the saved plan.
    func save(_ roster: String, _ server: MemoryServer, prune: Bool = false, only: String? = nil) async throws -> String
    {
        let request = try PlanRequest(paths: [roster], prune: prune, only: only, exclude: nil)
        let base = settings([roster], server)
        let made = try await LivePlan.make(request, base.connection, environment: base.environment, log: .silent)
        let fingerprint = made.plan.fingerprint
        let out = folder.appendingPathComponent("plan.json").path
        try SavedPlanFile.write(
            made.plan, json: PlanRenderer.json(made.plan, fingerprint: fingerprint), fingerprint: fingerprint,
            roster: made.roster, request: request, to: out, links: .withinRepository)
        return out
    }

    /// Runs apply on `path`; `between` changes the space after the plan is made (or saved).
    func apply(
        _ path: Path, roster: String, _ server: MemoryServer, prune: Bool = false, only: String? = nil,
        between: (MemoryServer) -> Void = { _ in }, prompt: ScriptedPrompt = ScriptedPrompt([true])
    ) async throws -> (ApplyWorkflow.Outcome, RecordedDisplay) {
        var paths = [roster]
        if path == .saved {
            paths = [try await save(roster, server, prune: prune, only: only)]
            between(server)
        }
        let workflow = try ApplyWorkflow(
            settings(paths, server, prune: path == .saved ? false : prune, only: path == .saved ? nil : only),
            log: .silent)
        let (made, request) = try await workflow.makePlan()
        if path != .saved { between(server) }
        let display = RecordedDisplay()
        let approver: Approver = path == .asked ? .prompt(prompt) : .autoApprove
        let outcome = try await workflow.apply(
            made, request, approver: approver, display: display, control: ApplyControl(), progress: nil)
        return (outcome, display)
    }

    /// The refusal `body` ends with, and that nothing was sent.
    func refusal(
        _ server: MemoryServer, _ body: () async throws -> Void
    ) async -> SessionFailure? {
        do {
            try await body()
            return nil
        } catch let failure as SessionFailure {
            #expect(server.mutations == 0)
            return failure
        } catch {
            Issue.record("\(error)")
            return nil
        }
    }

    static func twoPeople() -> MemoryServer {
        MemoryServer([.init(id: 1, name: "Ada Park"), .init(id: 2, name: "Bo Lind")])
    }

    @Test(arguments: Path.allCases) func eachPathReachesTheEngineWhenNoRailRefuses(_ path: Path) async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people + "  - {name: Cy Moss, craft: Design, level: Mid}\n")
        let (outcome, display) = try await apply(path, roster: file, server)
        guard case .applied = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(server.mutations > 0)
        #expect(display.shown.contains("starting") && display.shown.last == "sending")
    }

    @Test(arguments: Path.allCases) func deletesPastTheLimitAreRefusedOnEveryPath(_ path: Path) async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people + "policy: {maxDeletes: 0}\n")
        let failure = await refusal(server) { _ = try await apply(path, roster: file, server, prune: true) }
        #expect(failure?.kind == .refused)
        #expect(failure?.diagnostics.first?.message.contains("policy.maxDeletes") == true)
    }

    @Test(arguments: Path.allCases) func aSelectionOfNothingIsRefusedOnEveryPath(_ path: Path) async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people)
        // Bo is named while he is there; on the saved path he is gone before apply.
        let failure = await refusal(server) {
            _ = try await apply(
                path, roster: file, server, only: path == .saved ? "person:Bo Lind" : "person:Nobody",
                between: { $0.with { $0.people.removeAll { $0.name == "Bo Lind" } } })
        }
        #expect(failure?.kind == .usage)
    }

    @Test(arguments: Path.allCases) func aPolicyNameMatchingNothingIsRefusedOnEveryPath(_ path: Path) async throws {
        let server = Self.twoPeople()
        let name = path == .saved ? "Bo Lind" : "Bo Lnid"
        let file = try roster(Self.people + "policy: {protected: {people: [\(name)]}}\n")
        let failure = await refusal(server) {
            _ = try await apply(
                path, roster: file, server, between: { $0.with { $0.people.removeAll { $0.name == "Bo Lind" } } })
        }
        #expect(failure?.diagnostics.first?.code == .policyName)
    }

    @Test(arguments: Path.allCases) func accessNeedsTheOwnerOnEveryPath(_ path: Path) async throws {
        let server = Self.twoPeople()
        if path != .saved { server.with { $0.owner = false } }
        let file = try roster(Self.people + "access: {members: [a@example.com]}\n")
        let failure = await refusal(server) {
            _ = try await apply(path, roster: file, server, between: { $0.with { $0.owner = false } })
        }
        #expect(failure?.kind == .refused)
        #expect(failure?.diagnostics.first?.message.contains("only the space's owner") == true)
    }

    @Test func aSavedPlanIsRefusedOnceTheSpaceChanged() async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people + "  - {name: Cy Moss, craft: Design, level: Mid}\n")
        let failure = await refusal(server) {
            _ = try await apply(.saved, roster: file, server, between: { $0.with { $0.people[1].level = "Staff" } })
        }
        #expect(failure?.kind == .refused)
        #expect(failure?.diagnostics.first?.message.contains("changed since the plan was saved") == true)
    }

    @Test func aSavedPlanTakesNoShapingAndNoOtherSpace() async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people)
        let saved = try await save(file, server)
        for settings in [settings([saved], server, prune: true), settings([saved], server, space: "u_9")] {
            let failure = await refusal(server) {
                _ = try await ApplyWorkflow(settings, log: .silent).makePlan()
            }
            #expect(failure != nil)
        }
        #expect(server.reads == 1)  // the save's own read: nothing was read for the refused applies
    }

    @Test func aChangeWhileThePromptWaitsIsShownAndAskedAgain() async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people + "  - {name: Cy Moss, craft: Design, level: Mid}\n")
        // Ada is promoted in the app after the plan is shown; the second answer is "no".
        server.with { $0.afterRead[1] = { $0.people[0].level = "Staff" } }
        let (outcome, display) = try await apply(
            .asked, roster: file, server, prompt: ScriptedPrompt([true, false], canAskAgain: true))
        guard case .cancelled = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(display.shown == ["show 2", "changed 1", "show 3"])
        #expect(server.mutations == 0)
    }

    @Test func aChangeWhileThePromptWaitsIsRefusedWhereItCannotBeAskedAgain() async throws {
        let server = Self.twoPeople()
        let file = try roster(Self.people + "  - {name: Cy Moss, craft: Design, level: Mid}\n")
        server.with { $0.afterRead[1] = { $0.people[0].level = "Staff" } }
        let failure = await refusal(server) {
            _ = try await apply(.asked, roster: file, server, prompt: ScriptedPrompt([true], canAskAgain: false))
        }
        #expect(failure?.kind == .refused)
        #expect(failure?.diagnostics.first?.notes.isEmpty == false)
    }

    @Test func aChangeThatLeavesNothingToDoEndsWithoutSending() async throws {
        let server = Self.twoPeople()
        let file = try roster("people:\n  - {name: Ada Park, craft: Engineering, level: Staff, focus: Backend}\n")
        server.with { $0.afterRead[1] = { $0.people[0].level = "Staff" } }
        let (outcome, display) = try await apply(.asked, roster: file, server)
        guard case .nothingLeft = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(display.shown == ["show 2", "changed 1", "show 1"])  // Bo, unmanaged, stays in the plan
        #expect(server.mutations == 0)
    }

    @Test func theRailsAreOneList() {
        // Each rail once, in the order they are checked.
        let names = Rails.all.map { String(describing: type(of: $0)) }
        #expect(Set(names).count == names.count)
        #expect(names.first == "SavedPlanTakesNoShaping" && names.last == "UnchangedSinceApproval")
    }
}
