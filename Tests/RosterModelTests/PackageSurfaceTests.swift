import Foundation
import RosterTestSupport
import Testing

/// What the modules share with each other (`package` access) grows only when someone decides it: a
/// new declaration starts internal and becomes `package` when another module needs it.
@Suite struct PackageSurfaceTests {
    /// The count at the last narrowing. A change that shares more raises it in the same commit, after
    /// `scripts/package-surface.py` lists nothing left to narrow; one that narrows lowers it.
    static let ceiling = 1_230

    @Test func theSharedSurfaceGrowsOnlyOnPurpose() throws {
        let count = try Self.packageDeclarations()
        #expect(
            count <= Self.ceiling,
            """
            \(count) package declarations in Sources, over \(Self.ceiling): make internal what no other \
            module uses (scripts/package-surface.py lists candidates), or raise the ceiling on purpose
            """)
    }

    @Test func aDeclarationIsCountedAfterItsAttributes() {
        #expect(Self.declaresPackage("    @discardableResult package func f() {}"))
        #expect(Self.declaresPackage("@Sendable(x) package static let y = 1"))
        #expect(!Self.declaresPackage("    let package = Package()"))
        #expect(!Self.declaresPackage("/// a package declaration"))
    }

    static func packageDeclarations() throws -> Int {
        let sources = TestSupport.packageRoot.appendingPathComponent("Sources")
        guard let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return 0
        }
        var count = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            count += text.split(separator: "\n").filter { declaresPackage($0) }.count
        }
        return count
    }

    /// True when the line declares something `package`: the modifier after any attributes.
    static func declaresPackage(_ line: some StringProtocol) -> Bool {
        var rest = line.drop { $0 == " " }
        while rest.first == "@" {
            rest = rest.drop { $0 != " " && $0 != "(" }
            if rest.first == "(" { rest = rest.drop { $0 != ")" }.dropFirst() }
            rest = rest.drop { $0 == " " }
        }
        return rest.hasPrefix("package ")
    }
}
