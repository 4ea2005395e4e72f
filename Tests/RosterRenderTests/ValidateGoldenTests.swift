import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterRender

/// One golden case per validation rule: `Golden/validate/CASE/` holds the roster (a file or a
/// folder) and `expected.txt`, the exact diagnostics with their lines and columns.
@Suite struct ValidateGoldenTests {
    static let cases = TestSupport.cases("validate")

    @Test(arguments: cases)
    func diagnosticsMatchGolden(_ name: String) throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/\(name)")
        let inputs = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { !$0.hasPrefix("expected") && !$0.hasPrefix(".") }.sorted()
        let result = RosterLoader().load(paths: inputs.map { dir.appendingPathComponent($0).path })
        let text = DiagnosticRenderer.text(result.diagnostics) + DiagnosticRenderer.summary(result.diagnostics)
        let relative = text.replacingOccurrences(of: dir.path + "/", with: "")
        #expect(TestSupport.goldenMismatch(relative, dir.appendingPathComponent("expected.txt")) == nil)
        // Every diagnostic of a file names its line and column, except whole-file problems.
        for d in result.diagnostics {
            #expect(d.location != nil)
        }
    }

    /// With `--verbose` each diagnostic's line ends with its code; its notes and the default lines do not.
    @Test func codesEndTheLinesOnlyWhenAsked() throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/one-team")
        let result = RosterLoader().load(paths: [dir.appendingPathComponent("roster.yaml").path])
        let plain = DiagnosticRenderer.text(result.diagnostics)
        let coded = DiagnosticRenderer.text(result.diagnostics, codes: true)
        let diagnosticLines = coded.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(!diagnosticLines.isEmpty)
        let codes = result.diagnostics.compactMap { $0.code.map { "[\($0.rawValue)]" } }
        #expect(diagnosticLines.map { String($0.suffix(from: $0.lastIndex(of: "[") ?? $0.startIndex)) } == codes)
        #expect(coded.split(separator: "\n").filter { $0.contains(": note: ") }.allSatisfy { !$0.hasSuffix("]") })
        #expect(!plain.contains("[one-team]"))
    }

    @Test func jsonFormatMatchesGolden() throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/one-team")
        let result = RosterLoader().load(paths: [dir.appendingPathComponent("roster.yaml").path])
        let json = DiagnosticRenderer.json(result.diagnostics).rendered(indent: 2) + "\n"
        #expect(
            TestSupport.goldenMismatch(
                json.replacingOccurrences(of: dir.path + "/", with: ""),
                TestSupport.goldenRoot.appendingPathComponent("output/validate-one-team.json")) == nil)
    }

    @Test func githubAnnotationsMatchGolden() throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/references")
        let result = RosterLoader().load(paths: [dir.appendingPathComponent("roster.yaml").path])
        let text = DiagnosticRenderer.githubAnnotations(result.diagnostics)
        #expect(
            TestSupport.goldenMismatch(
                text.replacingOccurrences(of: dir.path + "/", with: ""),
                TestSupport.goldenRoot.appendingPathComponent("output/validate-references.github.txt")) == nil)
    }

    /// Broken `rules:` in every output: text (the `expected.txt` of `validate/rules`), JSON and
    /// GitHub annotations, each at the entry that breaks the rule, with the rule's severity.
    @Test func ruleDiagnosticsMatchGoldenInJSONAndAnnotations() throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/rules")
        let result = RosterLoader().load(paths: [dir.appendingPathComponent("roster.yaml").path])
        let json = DiagnosticRenderer.json(result.diagnostics).rendered(indent: 2) + "\n"
        #expect(
            TestSupport.goldenMismatch(
                json.replacingOccurrences(of: dir.path + "/", with: ""),
                TestSupport.goldenRoot.appendingPathComponent("output/validate-rules.json")) == nil)
        #expect(
            TestSupport.goldenMismatch(
                DiagnosticRenderer.githubAnnotations(result.diagnostics).replacingOccurrences(
                    of: dir.path + "/", with: ""),
                TestSupport.goldenRoot.appendingPathComponent("output/validate-rules.github.txt")) == nil)
    }

    @Test func examplesAreValid() {
        for example in ["examples/demo-space.yaml", "examples/acme.yaml", "examples/multi"] {
            let result = RosterLoader().load(paths: [TestSupport.packageRoot.appendingPathComponent(example).path])
            #expect(result.diagnostics.isEmpty, "\(example): \(DiagnosticRenderer.text(result.diagnostics))")
        }
    }

    @Test func multiFileExampleEqualsSingleFile() {
        let single = RosterLoader().load(paths: [
            TestSupport.packageRoot.appendingPathComponent("examples/acme.yaml").path
        ]).roster
        let multi = RosterLoader().load(paths: [TestSupport.packageRoot.appendingPathComponent("examples/multi").path])
            .roster
        func people(_ r: Roster) -> [String] {
            r.people.map { "\($0.key) \($0.craft) \($0.level) \($0.focus) \($0.levelStartDate)" }.sorted()
        }
        func teams(_ r: Roster) -> [String] {
            r.teams.map { "\($0.key) \($0.lead.value.key) \($0.members.map(\.value.key.value).sorted())" }.sorted()
        }
        #expect(people(single) == people(multi))
        #expect(teams(single) == teams(multi))
        #expect(single.levels.map(\.limitMonths) == multi.levels.map(\.limitMonths))
        #expect(single.policy.maxDeletes == multi.policy.maxDeletes)
    }
}

/// Diagnostic codes: every one listed in docs/roster-file.md, none listed that does not exist,
/// and every diagnostic of the validate goldens' rosters carries one.
@Suite struct DiagnosticCodeTests {
    @Test func theDocsListEveryCodeAndNoOther() throws {
        let docs = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/roster-file.md"), encoding: .utf8)
        let table = docs.components(separatedBy: "| code | what it is about |").last ?? ""
        let rows = table.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }
        let listed = rows.compactMap { line -> String? in
            guard line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 3)..<end])
        }
        #expect(listed == DiagnosticCode.catalog.map(\.rawValue))
        #expect(Set(listed).count == listed.count, "a code listed twice")
    }

    @Test(
        arguments: try FileManager.default.contentsOfDirectory(
            atPath: TestSupport.goldenRoot.appendingPathComponent("validate").path
        ).sorted())
    func everyDiagnosticOfARosterHasACode(_ name: String) throws {
        let dir = TestSupport.goldenRoot.appendingPathComponent("validate/\(name)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.sorted()
        let result = RosterLoader().load(paths: files.map { dir.appendingPathComponent($0).path })
        for diagnostic in result.diagnostics {
            #expect(diagnostic.code != nil, "\(name): \(diagnostic.message)")
        }
    }
}
