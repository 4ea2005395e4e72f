import Foundation
import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterYAML

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

    /// The background parser (``YAMLLoader/backgroundThreshold``) builds every conformance input
    /// into the same tree, with the same diagnostics, as the parser on the loading thread.
    @Test func theBackgroundParserBuildsTheSameTrees() {
        var background = YAMLLoader(), inline = YAMLLoader()
        background.backgroundThreshold = 0
        inline.backgroundThreshold = .max
        for c in Self.cases {
            guard let bytes = FileManager.default.contents(atPath: c.path).map({ [UInt8]($0) }) else { continue }
            let (a, b) = (background.load(bytes, file: c.path), inline.load(bytes, file: c.path))
            #expect(a.root.map(TreeDump.dump) == b.root.map(TreeDump.dump), "\(c.name)")
            #expect(a.diagnostics.map(render) == b.diagnostics.map(render), "\(c.name)")
        }
    }
}

/// A node and everything under it as text, with positions, styles and tags: two trees are the
/// same when their dumps are.
enum TreeDump {
    static func dump(_ node: YAMLNode) -> String {
        let head = "\(node.location.line):\(node.location.column) \(node.tag.map { "\($0)" } ?? "-")"
        if let scalar = node.scalar { return "\(head) \(scalar.style) \(scalar.value.debugDescription)" }
        if let items = node.items { return "\(head) [" + items.map(dump).joined(separator: ", ") + "]" }
        let pairs = node.pairs ?? []
        return "\(head) {" + pairs.map { dump($0.key) + ": " + dump($0.value) }.joined(separator: ", ") + "}"
    }
}

/// A diagnostic as one line: its position, severity, message and notes.
func render(_ d: Diagnostic) -> String {
    "\(d.location?.description ?? "-") \(d.severity) \(d.message) \(d.notes.map(\.message))"
}
