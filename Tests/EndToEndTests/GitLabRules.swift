import Foundation
import RosterTestSupport

@testable import RosterYAML

/// The part of GitLab's `rules:` that the component uses, evaluated as GitLab evaluates it: the
/// first rule whose `if:` holds (and whose `changes:` match, when it has some) decides; `when:
/// never` keeps the job out; no rule that holds keeps it out too; the rule's `interruptible`, when
/// it has one, is the job's. `if:` takes `$VAR`, `$VAR == "text"`, `$VAR != "text"`, `$A == $B`,
/// `$A != $B`, joined by `&&` (binding closer) and `||`.
struct GitLabRules {
    struct Rule {
        var condition: String?
        var never: Bool
        var changes: [String]?
        var interruptible: Bool?
    }

    /// Each command's rules, from one include's hidden jobs (`.roster-INCLUDE-validate` …, INCLUDE
    /// the include's own command), its inputs replaced by `inputs`.
    let rules: [String: [Rule]]
    /// The names of the jobs the include defines, hidden ones included.
    let jobNames: [String]

    init(template: URL, inputs: [String: String]) throws {
        var text = try String(contentsOf: template, encoding: .utf8).components(separatedBy: "\n---\n").last ?? ""
        for (name, value) in inputs { text = text.replacingOccurrences(of: "$[[ inputs.\(name) ]]", with: value) }
        guard let document = YAMLLoader().load(Array(text.utf8), file: "roster.yml").document,
            let root = document.root
        else { throw CocoaError(.fileReadCorruptFile) }
        var found: [String: [Rule]] = [:]
        let prefix = ".roster-\(inputs["command"] ?? "")-"
        jobNames = (0..<document.pairCount(root)).map { document.string(document.key(root, $0)) }
        for i in 0..<document.pairCount(root) {
            let name = document.string(document.key(root, i))
            guard name.hasPrefix(prefix) else { continue }
            let job = document.value(root, i)
            let list = (0..<document.pairCount(job)).first { document.string(document.key(job, $0)) == "rules" }
            guard let list else { continue }
            found[String(name.dropFirst(prefix.count))] = document.items(document.value(job, list)).map { rule in
                var parsed = Rule(condition: nil, never: false, changes: nil, interruptible: nil)
                for j in 0..<document.pairCount(rule) {
                    let value = document.value(rule, j)
                    switch document.string(document.key(rule, j)) {
                    case "if": parsed.condition = document.string(value)
                    case "when": parsed.never = document.string(value) == "never"
                    case "changes": parsed.changes = document.items(value).map { document.string($0) }
                    case "interruptible": parsed.interruptible = document.string(value) == "true"
                    default: break
                    }
                }
                return parsed
            }
        }
        rules = found
    }

    /// Whether the job of `command` runs in a pipeline with these variables and changed files.
    func runs(_ command: String, _ variables: [String: String], changed: [String] = []) -> Bool {
        deciding(command, variables, changed: changed).map { !$0.never } ?? false
    }

    /// The `interruptible` the deciding rule gives the job of `command`, if it gives one.
    func interruptible(_ command: String, _ variables: [String: String], changed: [String] = []) -> Bool? {
        deciding(command, variables, changed: changed)?.interruptible
    }

    /// The first rule of `command` that holds: its `if:`, and its `changes:` when it has some.
    func deciding(_ command: String, _ variables: [String: String], changed: [String]) -> Rule? {
        for rule in rules[command] ?? [] where rule.condition.map({ Self.holds($0, variables) }) ?? true {
            if let patterns = rule.changes,
                !changed.contains(where: { file in patterns.contains { Self.glob($0, file) } })
            {
                continue
            }
            return rule
        }
        return nil
    }

    static func holds(_ condition: String, _ variables: [String: String]) -> Bool {
        condition.components(separatedBy: "||").contains { alternative in
            alternative.components(separatedBy: "&&").allSatisfy { term($0, variables) }
        }
    }

    static func term(_ text: String, _ variables: [String: String]) -> Bool {
        let value = { (word: String) -> String? in
            let word = word.trimmingCharacters(in: .whitespaces)
            if word.hasPrefix("$") { return variables[String(word.dropFirst())].flatMap { $0.isEmpty ? nil : $0 } }
            return word.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        for op in ["==", "!="] where text.contains(op) {
            let sides = text.components(separatedBy: op)
            let equal = value(sides[0]) == value(sides[1])
            return op == "==" ? equal : !equal
        }
        return value(text) != nil
    }

    /// GitLab's `changes:` globs: `**` any folders, `*` within one.
    static func glob(_ pattern: String, _ path: String) -> Bool {
        var regex = "^"
        var rest = Substring(pattern)
        while let c = rest.first {
            if rest.hasPrefix("**/") {
                regex += "(.*/)?"
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("**") {
                regex += ".*"
                rest = rest.dropFirst(2)
            } else {
                regex += c == "*" ? "[^/]*" : NSRegularExpression.escapedPattern(for: String(c))
                rest = rest.dropFirst()
            }
        }
        return path.range(of: regex + "$", options: .regularExpression) != nil
    }
}
