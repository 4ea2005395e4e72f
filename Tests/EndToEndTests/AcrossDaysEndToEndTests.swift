import Foundation
import RosterTestSupport
import Testing

/// The nightly job's apply (`roster apply --due`) across days, against the sandbox, while people
/// change things in the apps (issue 67): nothing the apps changed is reverted, nobody is put in
/// two teams, "Verified" only when the day's plan is clean, and a night run twice, or after missed
/// nights, does the same.
@Suite(.scratchFolder) struct AcrossDaysEndToEndTests {
    func run(_ arguments: [String], _ sandbox: SandboxProcess) throws -> RosterBinary.Result {
        try RosterBinary.run(arguments, environment: sandbox.environment)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// The teams of the space, each with its members' names.
    func teams(_ sandbox: SandboxProcess) throws -> [String: Set<String>] {
        let data =
            try sandbox.graphql("{ users { id fullName } teams { name members { id } } }")["data"] as? [String: Any]
            ?? [:]
        let users = data["users"] as? [[String: Any]] ?? []
        let names = Dictionary(
            uniqueKeysWithValues: users.map { ($0["id"] as? Int ?? 0, $0["fullName"] as? String ?? "") })
        var out: [String: Set<String>] = [:]
        for team in data["teams"] as? [[String: Any]] ?? [] {
            let members = (team["members"] as? [[String: Any]] ?? []).map { names[$0["id"] as? Int ?? 0] ?? "" }
            out[team["name"] as? String ?? ""] = Set(members)
        }
        return out
    }

    func person(_ sandbox: SandboxProcess, _ name: String) throws -> [String: Any] {
        let data =
            try sandbox.graphql("{ users { fullName jobLevel levelStartDate } }")["data"] as? [String: Any] ?? [:]
        return (data["users"] as? [[String: Any]] ?? []).first { $0["fullName"] as? String == name } ?? [:]
    }

    /// A quarter dated in 2099 (so that it reads the same whenever it runs), and the apps at work.
    @Test func theNightlyApplyLeavesWhatTheAppsDidAndSaysSo() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let roster = ScratchFolder.url.appendingPathComponent("roster.yaml").path
        try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
            .write(toFile: roster, atomically: true, encoding: .utf8)
        for edit in [
            ["move", "Leo Santos", "--to", "Backend Services", "--on", "2099-01-01"],
            ["set", "person", "David Kim", "--level", "Mid", "--on", "2099-01-01"],
            ["remove", "person", "Maya Patel", "--on", "2099-01-01"],
        ] {
            #expect(try run(edit + [roster], sandbox).code == 0, "\(edit)")
        }
        // In the apps, before the day: Leo moved elsewhere; Iris promoted.
        _ = try sandbox.graphql(
            "mutation { updateTeam(id: 1, input: {name: \"Frontend Platform\", teamLeadId: 1, memberIds: [1, 4, 9]}) { id } }"
        )
        _ = try sandbox.graphql(
            "mutation { updateTeam(id: 4, input: {name: \"Data & Analytics\", teamLeadId: 11, memberIds: [11, 5, 15, 12]}) { id } }"
        )
        _ = try sandbox.graphql(
            "mutation { updateUser(id: 9, input: {fullName: \"Iris Johansson\", craftAbility: Engineering, "
                + "jobLevel: Senior, craftFocus: Mobile, levelStartDate: \"2098-12-15\"}) { id } }")
        let night = try run(
            ["apply", roster, "--due", "--as-of", "2099-01-01", "--auto-approve", "--format", "json"], sandbox)
        #expect(night.code == 0, "\(night.stdout)\(night.stderr)")
        let report = try json(night.stdout)
        // Item 2: not verified, the apps' changes left and said.
        #expect(report["verified"] as? Bool == false && report["complete"] as? Bool == true, "\(night.stdout)")
        let conflicts = (report["due"] as? [String: Any])?["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.map { $0["entity"] as? String } == ["person \"Leo Santos\""], "\(night.stdout)")
        let remaining = (report["remaining"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(remaining.contains("Iris Johansson"), "\(remaining)")
        // Item 3: Leo in the one team the apps put him in; David promoted, Maya gone.
        let teams = try teams(sandbox)
        #expect(teams.filter { $0.value.contains("Leo Santos") }.keys.sorted() == ["Data & Analytics"], "\(teams)")
        #expect(try person(sandbox, "David Kim")["jobLevel"] as? String == "Mid")
        #expect(try person(sandbox, "Maya Patel").isEmpty)
        let plan = try run(["plan", roster, "--as-of", "2099-01-01", "--detailed-exitcode"], sandbox)
        #expect(plan.code == 2, "the day's plan is not clean: \(plan.stdout)")
        // The same night again, and after missed nights: nothing more, nothing reverted.
        for day in ["2099-01-01", "2099-01-09"] {
            let again = try run(["apply", roster, "--due", "--as-of", day, "--auto-approve"], sandbox)
            #expect(again.code == 0 && again.stdout.contains("Nothing is due on \(day)"), "\(again.stdout)")
            #expect(again.stdout.contains("Not verified"), "\(again.stdout)")
        }
        // Item 4: made Staff in the apps after the roster's day: never set back.
        _ = try sandbox.graphql(
            "mutation { updateUser(id: 4, input: {fullName: \"David Kim\", craftAbility: Engineering, "
                + "jobLevel: Staff, craftFocus: Fullstack, levelStartDate: \"2099-01-02\"}) { id } }")
        for day in ["2099-01-03", "2099-01-04"] {
            #expect(try run(["apply", roster, "--due", "--as-of", day, "--auto-approve"], sandbox).code == 0)
        }
        #expect(try person(sandbox, "David Kim")["jobLevel"] as? String == "Staff")
        #expect(try person(sandbox, "Iris Johansson")["jobLevel"] as? String == "Senior")
    }

    /// Item 9: two of the four teams end on a day, past `maxDeletes` (25%): the plan that holds the
    /// change warns of it, and the nightly apply applies it on its day, as reviewed.
    @Test func datedEndsPastMaxDeletesAreWarnedOfThenApplied() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let roster = ScratchFolder.url.appendingPathComponent("roster.yaml").path
        try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
            .write(toFile: roster, atomically: true, encoding: .utf8)
        for team in ["Data & Analytics", "Design Systems"] {
            #expect(try run(["remove", "team", team, "--on", "2099-01-01", roster], sandbox).code == 0)
        }
        let reviewed = try run(["plan", roster, "--as-of", "2098-12-31"], sandbox)
        #expect(
            reviewed.stdout.contains(
                "warning: on 2099-01-01 the roster's dates deletes 2 of 4 teams (allowed 1), past policy.maxDeletes "
                    + "(25%): reviewed with this change, they are applied on their day"), "\(reviewed.stdout)")
        let night = try run(["apply", roster, "--due", "--as-of", "2099-01-01", "--auto-approve"], sandbox)
        #expect(
            night.code == 0 && night.stdout.contains("0 created, 0 updated, 2 deleted"),
            "\(night.stdout)\(night.stderr)")
        #expect(try teams(sandbox).keys.sorted() == ["Backend Services", "Frontend Platform"])
    }
}
