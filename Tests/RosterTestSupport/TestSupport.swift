import Foundation

/// Paths and helpers shared by the tests.
package enum TestSupport {
    /// The package's root folder.
    package static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let goldenRoot = packageRoot.appendingPathComponent("Tests/Golden")

    /// The yaml-test-suite beside the project (`../shared/data/yaml-test-suite`), when present.
    package static var yamlTestSuite: URL? {
        // The workplace keeps `shared` beside the checkout; a clone elsewhere (a scratch copy
        // in /tmp) finds it through YAML_TEST_SUITE or the workplace's fixed place.
        var candidates = [ProcessInfo.processInfo.environment["YAML_TEST_SUITE"].map { URL(fileURLWithPath: $0) }]
            .compactMap { $0 }
        var folder = packageRoot
        while folder.path != "/" {
            folder = folder.deletingLastPathComponent()
            candidates.append(folder.appendingPathComponent("shared/data/yaml-test-suite"))
        }
        candidates.append(URL(fileURLWithPath: "/work/shared/data/yaml-test-suite"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Compares `actual` with the golden file at `path`: nil when they match, else what differs.
    /// With `UPDATE_GOLDEN=1` it rewrites the file instead. Use as
    /// `#expect(TestSupport.goldenMismatch(actual, path) == nil)`.
    package static func goldenMismatch(_ actual: String, _ path: URL) -> String? {
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: path, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOf: path, encoding: .utf8) else {
            return "missing golden file \(path.path); run with UPDATE_GOLDEN=1 to create it"
        }
        guard actual != expected else { return nil }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            Array(zip(actualLines, expectedLines)).firstIndex { $0 != $1 }
            ?? min(actualLines.count, expectedLines.count)
        return "golden mismatch: \(path.lastPathComponent), first at line \(line + 1)\n--- actual ---\n\(actual)"
    }

    /// The sub-folders of a golden folder, sorted.
    package static func cases(_ folder: String) -> [String] {
        let dir = goldenRoot.appendingPathComponent(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }
}
