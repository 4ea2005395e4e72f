import Foundation
import RosterTestSupport
import Testing

/// `roster apply` under the faults a hostile world brings, against the sandbox: slow and late
/// requests, interrupts, closed pipes, same-name people, lost answers, another writer, and
/// saved plans taken elsewhere.
@Suite(.serialized, .scratchFolder) struct ApplyFaultEndToEndTests {
    func write(
        _ text: String, in folder: URL = ScratchFolder.url, name: String? = nil
    ) throws -> String {
        let file = folder.appendingPathComponent(name ?? "roster-\(UUID().uuidString).yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `count` people named `prefix N`, as a sandbox state and as roster entries.
    func people(_ count: Int, prefix: String = "P") -> (state: String, roster: String) {
        let state = (1...count).map {
            "{\"fullName\": \"\(prefix) \($0)\", \"craftAbility\": \"Engineering\", \"jobLevel\": \"Mid\", \"craftFocus\": \"Backend\"}"
        }.joined(separator: ",")
        let roster = (1...count).map { "  - {name: \(prefix) \($0)}" }.joined(separator: "\n")
        return (state, roster)
    }

    func load(_ sandbox: SandboxProcess, people: String = "", teams: String = "") throws {
        try sandbox.hook(
            "state",
            """
            {"accounts": [{"token": "\(sandbox.token)", "id": "u_8f3k2", "name": "Jane Doe"}],
             "spaces": {"u_8f3k2": {"people": [\(people)], "teams": [\(teams)]}}}
            """)
    }

    static let header = "version: 1\ndefaults: { craft: Engineering, level: Mid, focus: Backend }\npeople:\n"

    /// Live users by name, to find what was created twice.
    func liveNames(_ sandbox: SandboxProcess) throws -> [String] {
        let answer = try sandbox.graphql("{ users { fullName } }")
        let users = (answer["data"] as? [String: Any])?["users"] as? [[String: Any]] ?? []
        return users.compactMap { $0["fullName"] as? String }.sorted()
    }

    /// Audit entries after which someone is in two teams.
    func twoTeamViolations(_ sandbox: SandboxProcess) throws -> [Int] {
        let entries = try sandbox.read("audit")["entries"] as? [[String: Any]] ?? []
        return entries.compactMap { entry in
            let teams = entry["memberships"] as? [String: [Int]] ?? [:]
            let all = teams.values.flatMap { Set($0) }
            return Set(all).count == all.count ? nil : entry["seq"] as? Int
        }
    }

    /// Starts `roster ARGS` against the sandbox without waiting, and waits until the sandbox
    /// holds a delayed request of it.
    func startHeld(_ sandbox: SandboxProcess, _ arguments: [String], output: Any) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: RosterBinary.path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(sandbox.environment) { _, new in new }
        process.standardOutput = output
        process.standardError = output is Pipe ? FileHandle.nullDevice : output
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while (try sandbox.read("stats")["pending"] as? Int ?? 0) == 0 && Date() < deadline { usleep(20_000) }
        return process
    }

    func planIsClean(_ sandbox: SandboxProcess, _ roster: String) throws -> Bool {
        try RosterBinary.run(["plan", "--detailed-exitcode", roster], environment: sandbox.environment).code == 0
    }

    /// Two teams swapping people (release then final updates) and a new person.
    func swapScenario(_ sandbox: SandboxProcess) throws -> String {
        let (state, roster) = people(6)
        try load(
            sandbox, people: state,
            teams: """
                {"name": "Red", "lead": 1, "members": [1, 2, 3]}, {"name": "Blue", "lead": 4, "members": [4, 5, 6]}
                """)
        try sandbox.hook("audit", #"{"enabled": true}"#)
        return try write(
            Self.header + roster + "\n  - {name: Gus}\n"
                + "teams: [{name: Red, lead: P 1, members: [P 5, Gus]}, {name: Blue, lead: P 4, members: [P 2, P 3, P 6]}]\n"
        )
    }

    @Test func aSlowDocumentIsWaitedForPastTheTimeoutAndNeverSentTwice() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let roster = try swapScenario(sandbox)
        try sandbox.hook("faults", #"{"faults": [{"kind": "delay", "n": 1, "ms": 6000, "requests": "mutations"}]}"#)
        let result = try RosterBinary.run(
            ["apply", "--auto-approve", "--timeout", "2", roster], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("Verified: the space matches the roster."))
        try sandbox.waitUntilNothingPending()
        #expect(try liveNames(sandbox).filter { $0 == "Gus" }.count == 1)
        #expect(try twoTeamViolations(sandbox).isEmpty)
        #expect(
            try planIsClean(sandbox, roster), "a run that said it succeeded is still true after the slow request ran")
    }

    @Test func aRequestThatRunsLateIsUnknownStopsApplyAndARerunConverges() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let roster = try swapScenario(sandbox)
        try sandbox.hook("faults", #"{"faults": [{"kind": "late", "n": 1, "ms": 2500, "requests": "mutations"}]}"#)
        let result = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", roster], environment: sandbox.environment)
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        let report = try json(result.stdout)
        let statuses = (report["operations"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
        #expect(
            statuses.contains("unknown") && statuses.contains("not-run") && !statuses.contains("failed"), "\(statuses)")
        #expect((report["stopped"] as? [String: Any])?["kind"] as? String == "unknown-outcome")
        try sandbox.waitUntilNothingPending()
        let again = try RosterBinary.run(["apply", "--auto-approve", roster], environment: sandbox.environment)
        #expect(again.code == 0, "\(again.stdout)\(again.stderr)")
        #expect(try liveNames(sandbox).filter { $0 == "Gus" }.count == 1)
        #expect(try twoTeamViolations(sandbox).isEmpty)
        #expect(try planIsClean(sandbox, roster))
    }

    @Test func anInterruptWaitsForWhatIsInFlightReportsTheRestAndARerunConverges() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let roster = try write(Self.header + people(3000).roster + "\n")
        // The first document is held on the server: apply is surely in the middle when interrupted.
        try sandbox.hook("faults", #"{"faults": [{"kind": "delay", "n": 1, "ms": 1500, "requests": "mutations"}]}"#)
        let out = ScratchFolder.url.appendingPathComponent("apply-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: out) }
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = try startHeld(
            sandbox, ["apply", "--auto-approve", roster], output: try FileHandle(forWritingTo: out))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let text = try String(contentsOf: out, encoding: .utf8)
        #expect(process.terminationStatus == 130, "\(text.suffix(2000))")
        #expect(text.contains("interrupted: nothing more will be sent"))
        #expect(text.contains("Interrupted: requests in flight were waited for"))
        #expect(text.contains("not run, interrupted before it was sent"))
        #expect(text.contains("Apply incomplete: 250 created"), "\(text.suffix(500))")
        let again = try RosterBinary.run(["apply", "--auto-approve", roster], environment: sandbox.environment)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Apply complete: 2750 created"))
        #expect(try liveNames(sandbox).count == 3000)
    }

    @Test func aClosedPipeNeverStopsAnApply() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let roster = try write(Self.header + people(3000).roster + "\n")
        let script = "\"$0\" apply --auto-approve \"$1\" | head -1; echo \"status ${PIPESTATUS[0]}\" >&2"
        let result = try RosterBinary.run(
            ["/bin/bash", "-c", script, RosterBinary.path, roster], environment: sandbox.environment, direct: true)
        #expect(result.stdout.split(separator: "\n").count == 1)
        #expect(
            result.stderr.contains("Apply complete: 3000 created, 0 updated, 0 deleted."),
            "\(result.stderr.suffix(1000))")
        #expect(result.stderr.contains("status 0"))
        #expect(try liveNames(sandbox).count == 3000)
    }

    @Test func twoPeopleOfOneNameAreTwoEntitiesWhenOneFails() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let (state, _) = people(2, prefix: "Sam Lee")
        try load(
            sandbox,
            people: state.replacingOccurrences(of: "Sam Lee 1", with: "Sam Lee").replacingOccurrences(
                of: "Sam Lee 2", with: "Sam Lee"))
        let roster = try write(
            """
            version: 1
            people:
              - {name: Sam Lee, id: 1, craft: Design, level: Senior}
              - {name: Sam Lee, id: 2, craft: Engineering, level: Staff}
            """)
        try sandbox.hook("faults", #"{"faults": [{"kind": "mutation", "n": 1, "message": "injected failure"}]}"#)
        let result = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", roster], environment: sandbox.environment)
        #expect(result.code == 1, "\(result.stderr)")
        let operations = try json(result.stdout)["operations"] as? [[String: Any]] ?? []
        let outcomes = Set(operations.map { "\($0["id"] as? Int ?? 0) \($0["status"] as? String ?? "")" })
        #expect(outcomes == ["1 failed", "2 applied"], "\(operations)")
        let text = try RosterBinary.run(["plan", roster, "--view", "resources"], environment: sandbox.environment)
            .stdout
        #expect(text.contains("~ person \"Sam Lee\" (#1)") && !text.contains("(#2)"), "\(text)")
    }

    @Test func aLostAnswerIsReadBackAsApplied() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let roster = try write(Self.header + people(4).roster + "\n")
        try sandbox.hook("faults", #"{"faults": [{"kind": "close-after", "n": 1, "requests": "mutations"}]}"#)
        let result = try RosterBinary.run(
            ["apply", "--auto-approve", "--format", "json", roster], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        let report = try json(result.stdout)
        let operations = report["operations"] as? [[String: Any]] ?? []
        #expect(
            operations.count == 4 && operations.allSatisfy { $0["status"] as? String == "applied" && $0["id"] is Int })
        #expect((report["summary"] as? [String: Any])?["created"] as? Int == 4)
        #expect(try liveNames(sandbox).count == 4)
    }

    @Test func aLeadSwapIsNoLossUnderTheDefaultMaxDeletes() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        let (state, roster) = people(15)
        try load(
            sandbox, people: state,
            teams: """
                {"name": "Red", "lead": 1, "members": [1, 2, 3, 4, 5, 6, 7]}, {"name": "Blue", "lead": 8, "members": [8, 9, 10, 11, 12, 13, 14]}
                """)
        try sandbox.hook("audit", #"{"enabled": true}"#)
        let file = try write(
            Self.header + roster + """

                teams:
                  - {name: Red, lead: P 8, members: [P 1, P 3, P 4, P 5, P 6, P 7]}
                  - {name: Blue, lead: P 2, members: [P 9, P 10, P 11, P 12, P 13, P 14]}
                """)
        let result = try RosterBinary.run(["apply", "--auto-approve", file], environment: sandbox.environment)
        #expect(result.code == 0, "\(result.stdout)\(result.stderr)")
        #expect(try twoTeamViolations(sandbox).isEmpty)
        #expect(try planIsClean(sandbox, file))
    }

    @Test func verificationNamesASecondWriter() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        defer { sandbox.stop() }
        try load(sandbox)
        let roster = try write(Self.header + "  - {name: Gus}\n")
        // Requests: the read, the mutation, the verifying read, which is held while someone
        // else creates a second Gus.
        try sandbox.hook("faults", #"{"faults": [{"kind": "delay", "n": 3, "ms": 2000}]}"#)
        let out = Pipe()
        let process = try startHeld(sandbox, ["apply", "--auto-approve", roster], output: out)
        try sandbox.graphql(
            "mutation { createUser(input: {fullName: \"Gus\", craftAbility: Engineering, jobLevel: Mid, craftFocus: Backend}) { id } }"
        )
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            text.contains(
                "Not verified: the live state was read, but cannot be compared with the roster: person \"Gus\" matches 2 live users"
            ), "\(text)")
        #expect(text.contains("Another writer may be applying at the same time"))
        #expect(text.contains("and this apply created #1"))
    }

    @Test func aSavedPlanAppliesFromAnyDirectoryOnlyToItsOwnServer() throws {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks"])
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("roster"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let acme = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml"), encoding: .utf8)
        _ = try write(acme, in: folder.appendingPathComponent("roster"), name: "acme.yaml")
        // Saved inside the roster directory: the next plan skips it with a note.
        let saved = try RosterBinary.run(
            ["plan", "roster", "--out", "roster/plan.json"], environment: sandbox.environment, directory: folder)
        #expect(saved.code == 0, "\(saved.stderr)")
        let again = try RosterBinary.run(["plan", "roster"], environment: sandbox.environment, directory: folder)
        #expect(again.code == 0, "\(again.stderr)")
        #expect(again.stderr.contains("note: skipped: a saved plan, not a roster file"))
        let plan = folder.appendingPathComponent("roster/plan.json").path
        let elsewhere = try RosterBinary.run(
            ["apply", plan], environment: ["MPS_ENDPOINT": "http://127.0.0.1:9/graphql", "MPS_TOKEN": sandbox.token],
            directory: URL(fileURLWithPath: "/"))
        #expect(elsewhere.code == 3, "\(elsewhere.stderr)")
        #expect(elsewhere.stderr.contains("the plan was saved for \(sandbox.url), not http://127.0.0.1:9/graphql"))
        let otherSpace = try RosterBinary.run(
            ["apply", plan, "--space", "u_other"], environment: sandbox.environment,
            directory: URL(fileURLWithPath: "/"))
        #expect(
            otherSpace.code == 3 && otherSpace.stderr.contains("saved for space \"u_8f3k2\", not \"u_other\""),
            "\(otherSpace.stderr)")
        let applied = try RosterBinary.run(
            ["apply", plan], environment: sandbox.environment, directory: URL(fileURLWithPath: "/"))
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 4 created, 5 updated, 0 deleted."))
    }
}
