import Foundation

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel
@testable import RosterTestSupport

/// A roster's files in memory, edited as the edit commands edit them: each edit is checked
/// against the roster as it then stands, and its new texts become the files.
struct EditFixture {
    var texts: [String: String]
    var order: [String]
    static let today = Day(year: 2026, month: 11, day: 26)

    /// The files of an example roster (`acme.yaml`, `multi`), read from the repository, by the
    /// paths relative to `examples/`.
    init(example: String, in folder: String = "examples") throws {
        let root = TestSupport.packageRoot.appendingPathComponent(folder).path
        let loaded = RosterLoader().load(paths: [root + "/" + example])
        order = loaded.roster.files.map { String($0.dropFirst(root.count + 1)) }
        texts = [:]
        for (file, relative) in zip(loaded.roster.files, order) {
            texts[relative] = try String(contentsOfFile: file, encoding: .utf8)
        }
    }

    init(files: [(String, String)]) {
        order = files.map(\.0)
        texts = Dictionary(uniqueKeysWithValues: files)
    }

    /// The roster the files hold now.
    func load() -> RosterLoader.Result {
        RosterLoader().load(texts: order.map { ($0, Array((texts[$0] ?? "").utf8)) })
    }

    /// Applies `edit`; the files change only when it is not refused.
    @discardableResult
    mutating func apply(_ edit: RosterEdit) throws(EditRefusal) -> EditResult {
        let result = try RosterEditor.apply(edit, to: load().roster, texts: texts, today: Self.today)
        for (file, text) in result.changed {
            if texts[file] == nil { order.append(file) }
            texts[file] = text
        }
        return result
    }

    /// The refusal `edit` meets (nil when it is not refused).
    func refusal(_ edit: RosterEdit) -> EditRefusal? {
        do throws(EditRefusal) {
            _ = try RosterEditor.apply(edit, to: load().roster, texts: texts, today: Self.today)
            return nil
        } catch { return error }
    }
}
