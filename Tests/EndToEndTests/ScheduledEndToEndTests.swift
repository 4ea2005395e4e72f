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
}
