import Foundation
import RosterCore
import RosterModel
import RosterTestSupport
import RosterYAML
import Testing

/// The YAML project's conformance inputs: real YAML nobody here wrote. Every input either loads
/// or fails with a positioned diagnostic; every case marked `error` fails; nothing crashes.
@Suite struct YAMLTestSuiteTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var path: String
        var isError: Bool
        var description: String { name }
    }

    static let cases: [Case] = {
        guard let root = TestSupport.yamlTestSuite else { return [] }
        // A case is a folder with `in.yaml`; some cases hold numbered sub-cases instead.
        let fm = FileManager.default
        let names = ((try? fm.subpathsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasSuffix("/in.yaml") }
            .sorted()
        return names.map { name in
            let dir = root.appendingPathComponent(name).deletingLastPathComponent()
            let isError = fm.fileExists(atPath: dir.appendingPathComponent("error").path)
            return Case(
                name: String(name.dropLast("/in.yaml".count)), path: root.appendingPathComponent(name).path,
                isError: isError)
        }
    }()

    @Test func suiteIsPresent() {
        #expect(Self.cases.count == 402, "expected the 402 cases of ../shared/data/yaml-test-suite")
        #expect(Self.cases.filter(\.isError).count == 94)
    }

    @Test func everyInputLoadsOrFailsWithAPosition() {
        var rejectedAtYAMLLayer = 0
        for c in Self.cases {
            let result = RosterLoader().load(paths: [c.path])
            if c.isError {
                #expect(result.diagnostics.hasErrors, "\(c.name) is invalid YAML but was accepted")
            }
            for d in result.diagnostics {
                #expect(
                    (d.location?.line ?? 0) > 0 && (d.location?.column ?? 0) > 0,
                    "\(c.name): diagnostic without line and column: \(d.message)")
            }
            if let bytes = FileManager.default.contents(atPath: c.path),
                YAMLLoader().load([UInt8](bytes), file: c.path).diagnostics.hasErrors
            {
                rejectedAtYAMLLayer += 1
            }
        }
        // libyaml itself rejects most invalid cases; the roster rules catch the rest.
        #expect(rejectedAtYAMLLayer >= 94)
    }

    @Test func jsonInputsLoadThroughTheSameLayer() {
        guard let root = TestSupport.yamlTestSuite else { return }
        var loaded = 0
        for c in Self.cases where !c.isError {
            let json = URL(fileURLWithPath: c.path).deletingLastPathComponent().appendingPathComponent("in.json").path
            guard let bytes = FileManager.default.contents(atPath: json) else { continue }
            let result = YAMLLoader().load([UInt8](bytes), file: json)
            for d in result.diagnostics {
                #expect((d.location?.line ?? 0) > 0, "\(c.name)/in.json: \(d.message)")
            }
            if result.root != nil { loaded += 1 }
        }
        _ = root
        #expect(loaded > 50)
    }
}
