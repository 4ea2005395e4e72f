import Foundation
import RosterTestSupport
import Testing

/// A promotion dated ahead, against the sandbox: made with `roster set … --since`, scheduled the
/// day before (plan and apply change nothing, pull leaves it), applied on its day, clean after.
@Suite struct ScheduledEndToEndTests {
    func run(_ arguments: [String], _ sandbox: SandboxProcess) throws -> RosterBinary.Result {
        try RosterBinary.run(arguments, environment: sandbox.environment)
    }

    @Test func aPromotionDatedAheadWaitsForItsDay() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("scheduled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let roster = folder.appendingPathComponent("roster.yaml").path
        try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
            .write(toFile: roster, atomically: true, encoding: .utf8)
        // A far day, so that the test means the same whenever it runs.
        let edit = try run(["set", "person", "David Kim", "--level", "Mid", "--since", "2099-01-01", roster], sandbox)
        #expect(edit.code == 0 && edit.stderr.contains("; takes effect on 2099-01-01"), "\(edit.stderr)")

        let before = try run(["plan", roster, "--as-of", "2098-12-31", "--detailed-exitcode"], sandbox)
        #expect(before.code == 0, "\(before.stdout)\(before.stderr)")
        #expect(before.stdout.contains("Scheduled: 1 change") && before.stdout.contains("  2099-01-01\n"))
        #expect(before.stdout.contains("David Kim (#4)") && before.stdout.contains("level: Junior → Mid"))
        let json = try run(["plan", roster, "--as-of", "2098-12-31", "--format", "json"], sandbox)
        let plan = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let scheduled = try #require(plan?["scheduled"] as? [[String: Any]])
        #expect(scheduled.count == 1 && scheduled.first?["on"] as? String == "2099-01-01")
        let early = try run(["apply", roster, "--as-of", "2098-12-31", "--auto-approve"], sandbox)
        #expect(early.code == 0 && early.stdout.contains("No changes"), "\(early.stdout)\(early.stderr)")
        let pull = try run(["pull", roster, "--dry-run"], sandbox)
        #expect(pull.code == 0 && pull.stdout.isEmpty, "pull undid a scheduled change: \(pull.stdout)")

        let due = try run(["apply", roster, "--as-of", "2099-01-01", "--auto-approve"], sandbox)
        #expect(due.code == 0 && due.stdout.contains("David Kim is now Mid"), "\(due.stdout)\(due.stderr)")
        let after = try run(["plan", roster, "--as-of", "2099-01-02", "--detailed-exitcode"], sandbox)
        #expect(after.code == 0 && !after.stdout.contains("Scheduled"), "\(after.stdout)\(after.stderr)")
    }

    /// A quarter's reorganisation from the edit commands, dated in 2099 so that it means the same
    /// whenever it runs: a promotion and a move from 1 January, a last day on 31 December, a hire
    /// who starts on the 4th with the team she leads. Scheduled the day before; each day applies
    /// what is due; a pull between the days leaves what is to come; clean after the last.
    @Test func aQuartersDatedReorganisationTakesEffectDayByDay() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let folder = ScratchFolder.url.appendingPathComponent("quarter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let roster = folder.appendingPathComponent("roster.yaml").path
        try String(contentsOfFile: "examples/demo-space.yaml", encoding: .utf8)
            .write(toFile: roster, atomically: true, encoding: .utf8)
        let edits = [
            ["set", "person", "David Kim", "--level", "Mid", "--on", "2099-01-01"],
            ["move", "Leo Santos", "--to", "Backend Services", "--on", "2099-01-01"],
            ["remove", "person", "Maya Patel", "--on", "2099-01-01"],
            [
                "hire", "Ada Nwosu", "--craft", "Engineering", "--level", "Senior", "--focus", "Mobile", "--on",
                "2099-01-04",
            ],
            ["add", "team", "Mobile", "--lead", "Ada Nwosu", "--members", "Iris Johansson", "--on", "2099-01-04"],
        ]
        for edit in edits {
            let done = try run(edit + [roster], sandbox)
            #expect(done.code == 0, "\(edit): \(done.stderr)")
        }
        let before = try run(["plan", roster, "--as-of", "2098-12-31", "--detailed-exitcode"], sandbox)
        #expect(before.code == 0, "only scheduled changes: \(before.stdout)\(before.stderr)")
        for line in ["  2099-01-01\n", "  2099-01-04\n", "Maya Patel (#13)", "leaves the space (last day 2098-12-31)"] {
            #expect(before.stdout.contains(line), "\(line): \(before.stdout)")
        }
        let early = try run(["apply", roster, "--as-of", "2098-12-31", "--auto-approve"], sandbox)
        #expect(early.code == 0 && early.stdout.contains("No changes"), "\(early.stdout)\(early.stderr)")
        let first = try run(["apply", roster, "--as-of", "2099-01-01", "--auto-approve"], sandbox)
        #expect(first.code == 0, "\(first.stdout)\(first.stderr)")
        for line in ["David Kim is now Mid", "Leo Santos moved to Backend Services", "Maya Patel was removed"] {
            #expect(first.stdout.contains(line), "\(line): \(first.stdout)")
        }
        // Between the days, pull leaves the hire to come and the team she starts.
        let between = try run(["pull", roster, "--as-of", "2099-01-02", "--dry-run"], sandbox)
        #expect(between.code == 0, "\(between.stdout)\(between.stderr)")
        #expect(!between.stdout.contains("-  - { name: Ada Nwosu") && !between.stdout.contains("-  - name: Mobile"))
        let fourth = try run(["apply", roster, "--as-of", "2099-01-04", "--auto-approve"], sandbox)
        #expect(fourth.code == 0 && fourth.stdout.contains("Ada Nwosu"), "\(fourth.stdout)\(fourth.stderr)")
        let after = try run(["plan", roster, "--as-of", "2099-01-05", "--detailed-exitcode"], sandbox)
        #expect(after.code == 0 && !after.stdout.contains("Scheduled"), "\(after.stdout)\(after.stderr)")
        // Past its days, pull folds the dates away: the files hold plain state, and plan clean.
        let folded = try run(["pull", roster, "--as-of", "2099-01-05"], sandbox)
        #expect(folded.code == 0, "\(folded.stdout)\(folded.stderr)")
        let text = try String(contentsOfFile: roster, encoding: .utf8)
        #expect(!text.contains("starts:") && !text.contains("changes:") && !text.contains("Maya Patel"), "\(text)")
        let clean = try run(["plan", roster, "--as-of", "2099-01-05", "--detailed-exitcode"], sandbox)
        #expect(clean.code == 0, "\(clean.stdout)\(clean.stderr)")
    }
}
