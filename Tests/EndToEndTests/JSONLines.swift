import Foundation

/// A log of one JSON object per line, as the test servers write what reached them.
enum JSONLines {
    /// Every object logged so far; none when there is no log yet.
    static func read(_ file: URL) -> [[String: Any]] {
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }
}
