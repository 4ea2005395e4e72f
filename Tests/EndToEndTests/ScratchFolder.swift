import Foundation
import Testing

/// A folder of its own for each test, removed when the test ends, so that helpers which write a
/// file and return its path leave nothing behind. A suite opts in with `.scratchFolder`.
struct ScratchFolder: SuiteTrait, TestTrait, TestScoping {
    /// The running test's folder; nil outside a test of a suite with the trait.
    @TaskLocal static var current: URL?

    /// A folder for every test of the suite, not one for the suite.
    var isRecursive: Bool { true }

    /// The running test's folder, or the temporary directory outside one.
    static var url: URL { current ?? FileManager.default.temporaryDirectory }

    /// Writes `text` as a roster file of its own in the scratch folder; its path.
    static func roster(_ text: String) throws -> String {
        let file = url.appendingPathComponent("roster-\(UUID().uuidString).yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> ScratchFolder? {
        testCase == nil ? nil : self
    }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await Self.$current.withValue(folder) { try await function() }
    }
}

extension Trait where Self == ScratchFolder {
    /// Gives each test a folder of its own that is removed when it ends (``ScratchFolder``).
    static var scratchFolder: Self { Self() }
}
