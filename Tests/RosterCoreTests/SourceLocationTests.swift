import Dispatch
import Synchronization
import Testing

@testable import RosterCore

/// ``SourceLocation`` and the file index behind it (``FileID``, kept in the process's one
/// `SourceFileTable`): equal paths share an id, every id gives its path back, and locations sort
/// the way users read them.
@Suite struct SourceLocationTests {
    @Test func aPathGetsOneIdAndItsIdGivesThePathBack() {
        let path = "core-tests/\(#function).yaml"
        #expect(FileID(path) == FileID(path))
        #expect(FileID(path) != FileID(path + ".other"))
        #expect(FileID(path).path == path)
        #expect(FileID("é/名前 with spaces.yaml").path == "é/名前 with spaces.yaml")
    }

    /// Files are registered from the loader's threads at once: no id is handed out twice, and
    /// each thread reads back the path it registered.
    @Test func registeringFromManyThreadsAtOnceKeepsEveryPath() {
        let paths = (0..<2_000).map { "core-tests/concurrent-\($0 % 500).yaml" }
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: paths.count) { i in
            if FileID(paths[i]).path != paths[i] { mismatches.withLock { $0 += 1 } }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(Set(paths.map(FileID.init)).count == 500)
    }

    @Test func locationsSortByPathThenLineThenColumn() {
        let b = SourceLocation(file: "core-tests/b.yaml", line: 1, column: 1)
        let a9 = SourceLocation(file: "core-tests/a.yaml", line: 9, column: 1)
        let a2x5 = SourceLocation(file: "core-tests/a.yaml", line: 2, column: 5)
        let a2x3 = SourceLocation(file: "core-tests/a.yaml", line: 2, column: 3)
        #expect([b, a9, a2x5, a2x3].sorted() == [a2x3, a2x5, a9, b])
    }

    @Test func aWholeFileLocationPrintsItsPathAlone() {
        #expect(SourceLocation.file("core-tests/dir").description == "core-tests/dir")
        #expect(SourceLocation.file("core-tests/dir").line == 0)
        #expect(SourceLocation(file: "core-tests/x.yaml", line: 3, column: 14).description == "core-tests/x.yaml:3:14")
    }

    @Test func linesAndColumnsPastThirtyTwoBitsAreClampedNotWrapped() {
        let far = SourceLocation(file: "core-tests/huge.yaml", line: Int(UInt32.max) + 5, column: -1)
        #expect(far.line == Int(UInt32.max))
        #expect(far.column == 0)
    }

    @Test func diagnosticsSortWithTheLocationlessFirstAndStable() {
        let at = { (line: Int) in SourceLocation(file: "core-tests/d.yaml", line: line, column: 1) }
        let diagnostics: [Diagnostic] = [
            .error("third", at: at(2)), .warning("first", at: nil), .error("second", at: at(1)),
            .error("fourth", at: at(2)),
        ]
        #expect(diagnostics.sortedForDisplay().map(\.message) == ["first", "second", "third", "fourth"])
        #expect(diagnostics.hasErrors)
        #expect(![Diagnostic.warning("w", at: nil)].hasErrors)
    }
}
