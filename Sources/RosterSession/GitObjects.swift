/// What git writes, read so that no field can pass for another: records separated by NUL (which no
/// path, and no commit text git lists, holds), and objects by the size git gives for each. Each field is
/// checked: a hash is 40 (or 64) hexadecimal digits, a mode and a status are what git writes; what
/// does not read so is an error naming the record, never a guess.
enum GitObjects {
    /// Whether `text` is an object id: 40 hexadecimal digits (SHA-1), or 64 (SHA-256).
    static func isObjectID<S: StringProtocol>(_ text: S) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// The NUL-separated fields of `bytes`, each as UTF-8 text (the last one, empty after a final
    /// NUL, dropped).
    static func fields(_ bytes: [UInt8]) -> [String] {
        var fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if fields.last == "" { fields.removeLast() }
        return fields
    }

    /// `git ls-tree -r -z` (`MODE TYPE ID\tPATH` NUL …) or `git ls-files -s -z` (`MODE ID STAGE\tPATH`
    /// NUL …): each path and its blob. `idField` is where the id stands among the words before the tab.
    static func entries(_ bytes: [UInt8], idField: Int) throws(GitFailure) -> [String: String] {
        var files: [String: String] = [:]
        for field in fields(bytes) {
            guard let tab = field.firstIndex(of: "\t") else { throw malformed("an entry", field) }
            let words = field[..<tab].split(separator: " ")
            let path = String(field[field.index(after: tab)...])
            guard words.count == 3, isObjectID(words[idField]), !path.isEmpty else {
                throw malformed("an entry", field)
            }
            // A submodule (a commit) or a link is no roster file.
            guard words[0] == "100644" || words[0] == "100755" else { continue }
            files[path] = String(words[idField])
        }
        return files
    }

    /// A `--raw -z` record (`:OLDMODE NEWMODE OLDID NEWID STATUS`) and the path after it: the path
    /// and its blob after the change (nil when it is deleted, or no longer a regular file).
    static func change(_ record: String, path: String) throws(GitFailure) -> (path: String, blob: String?) {
        let words = record.dropFirst().split(separator: " ")
        guard record.hasPrefix(":"), words.count == 5, isObjectID(words[2]), isObjectID(words[3]),
            let status = words[4].first, "AMDT".contains(status), !path.isEmpty
        else { throw malformed("a change", record + " " + path) }
        let regular = words[1] == "100644" || words[1] == "100755"
        return (path, status == "D" || !regular ? nil : String(words[3]))
    }

    /// `git cat-file --batch`'s answer: `ID TYPE SIZE\nCONTENT\n` again and again (`ID missing\n`
    /// for an object that is not there), each object by the size git gives.
    static func objects(_ data: [UInt8]) throws(GitFailure) -> [String: (type: String, content: [UInt8])] {
        var out: [String: (type: String, content: [UInt8])] = [:]
        var i = 0
        while i < data.count {
            guard let end = data[i...].firstIndex(of: UInt8(ascii: "\n")) else {
                throw malformed("an object", String(decoding: data[i...].prefix(80), as: UTF8.self))
            }
            let header = String(decoding: data[i..<end], as: UTF8.self)
            let words = header.split(separator: " ")
            i = end + 1
            if words.count == 2, words[1] == "missing" { continue }
            guard words.count == 3, isObjectID(words[0]), let size = Int(words[2]), size >= 0,
                i + size < data.count, data[i + size] == UInt8(ascii: "\n")
            else { throw malformed("an object", header) }
            out[String(words[0])] = (String(words[1]), Array(data[i..<(i + size)]))
            i += size + 1
        }
        return out
    }

    static func malformed(_ what: String, _ text: String) -> GitFailure {
        GitFailure(message: "git wrote \(what) roster cannot read: \(text.prefix(120))")
    }
}
