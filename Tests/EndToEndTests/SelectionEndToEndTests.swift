import Foundation
import Testing

@testable import MPSClient
@testable import RosterCore
@testable import RosterModel
@testable import RosterReconcile

/// `--only` and `--exclude` through plan, a saved plan and apply, against the sandbox.
@Suite(.serialized, .scratchFolder) struct SelectionEndToEndTests {
    @Test func targetedPlansApplyWhatTheyNeedAndRefuseWhatTheyCannot() throws {
        let sandbox = try SandboxProcess()
        defer { sandbox.stop() }
        let env = sandbox.environment
        let only = ["--only", "team:Platform Infra"]
        let plan = try RosterBinary.run(
            ["plan", "examples/acme.yaml", "--view", "resources"] + only, environment: env)
        #expect(
            plan.stdout.contains("members: − Leo Santos (only its release, which the selection needs)"),
            "\(plan.stdout)")
        #expect(plan.stdout.contains("members: − Grace Tanaka (needed by the selection)"))
        #expect(plan.stdout.contains("Plan: 1 to create, 2 to update, 0 to delete."))
        let refused = try RosterBinary.run(
            ["plan", "examples/acme.yaml"] + only + ["--exclude", "team:Backend Services"], environment: env)
        #expect(refused.code == 3 && refused.stderr.contains("which --exclude leaves out"), "\(refused.stderr)")
        let bad = try RosterBinary.run(["plan", "examples/acme.yaml", "--only", "human:x"], environment: env)
        #expect(bad.code == 1 && bad.stderr.contains("`human:x` is not a selector"))
        let planFile = ScratchFolder.url.appendingPathComponent("only-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: planFile) }
        #expect(
            try RosterBinary.run(["plan", "examples/acme.yaml", "--out", planFile] + only, environment: env).code == 0)
        let applied = try RosterBinary.run(["apply", planFile], environment: env)
        #expect(applied.code == 0, "\(applied.stdout)\(applied.stderr)")
        #expect(applied.stdout.contains("Apply complete: 1 created, 2 updated, 0 deleted."))
        let rest = try RosterBinary.run(["apply", "--auto-approve", "examples/acme.yaml"], environment: env)
        #expect(rest.stdout.contains("Apply complete: 3 created, 4 updated, 0 deleted."), "\(rest.stdout)")
    }
}
