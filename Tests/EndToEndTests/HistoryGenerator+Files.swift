import Foundation
import RosterModel
import RosterTestSupport

extension HistoryGenerator {
    /// A YAML or JSON string.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func personFields(_ person: Person) -> [(String, String)] {
        var fields = [("name", Self.quoted(person.name))]
        if let id = person.id { fields.append(("id", "\(id)")) }
        fields += [
            ("craft", Self.quoted(person.craft)), ("level", Self.quoted(Self.levels[person.level])),
            ("focus", Self.quoted(person.focus)), ("levelStartDate", person.since.map(Self.quoted) ?? "null"),
        ]
        if !person.previously.isEmpty { fields.append(("previously", list(person.previously.map(Self.quoted)))) }
        if let last = person.lastDay { fields.append(("lastDay", Self.quoted(last.description))) }
        if let dated = person.dated {
            fields.append(
                (
                    "changes",
                    "[{\"on\": \(Self.quoted(dated.on.description)), "
                        + "\"level\": \(Self.quoted(Self.levels[dated.level]))}]"
                ))
        }
        return fields
    }

    func teamFields(_ team: Team) -> [(String, String)] {
        var fields = [
            ("name", Self.quoted(team.name)), ("lead", Self.quoted(reference(team.lead))),
            ("members", list(team.members.map { Self.quoted(reference($0)) })),
        ]
        if !team.previously.isEmpty { fields.append(("previously", list(team.previously.map(Self.quoted)))) }
        if let pending = team.pending {
            let members = list(pending.members.map { Self.quoted(reference($0)) })
            fields.append(("changes", "[{\"on\": \(Self.quoted(pending.on.description)), \"members\": \(members)}]"))
        }
        return fields
    }

    func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }

    /// `{"name": …, …}` (JSON is YAML too); `style` 1 writes YAML's block style instead.
    func entries(_ key: String, _ items: [[(String, String)]], style: Int) -> String {
        var out = "\(key):\n"
        for fields in items {
            if style == 1 {
                out += fields.enumerated().map { i, f in (i == 0 ? "  - " : "    ") + "\(f.0): \(f.1)\n" }.joined()
            } else {
                out += "  - {" + fields.map { "\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}\n"
            }
        }
        return out
    }

    var present: [Person] { people.filter { !$0.gone } }

    /// The roster files as the layout has them, `style` choosing one of two ways of writing YAML.
    func files(style: Int) -> [String: String] {
        let people = entries("people", present.map(personFields), style: style)
        let teams = entries("teams", self.teams.map(teamFields), style: style)
        switch layout {
        case .file: return ["roster.yaml": "version: 1\n" + people + teams]
        case .folder:
            return ["roster/people.yaml": "version: 1\n" + people, "roster/teams.yaml": "version: 1\n" + teams]
        case .json:
            let object = { (items: [[(String, String)]]) in
                "[\n"
                    + items.map { "    {" + $0.map { "\(Self.quoted($0.0)): \($0.1)" }.joined(separator: ", ") + "}" }
                    .joined(separator: ",\n") + "\n  ]"
            }
            return [
                "roster.json": "{\n  \"version\": 1,\n  \"people\": \(object(present.map(personFields))),\n"
                    + "  \"teams\": \(object(self.teams.map(teamFields)))\n}\n"
            ]
        }
    }

    /// Writes the files (removing those of other layouts) and commits them on `day` at 10:00 UTC.
    func commit(_ truth: Truth, style: Int = 0, record: Bool = true) {
        let fm = FileManager.default
        for stale in ["roster.yaml", "roster", "roster.json"] {
            try? fm.removeItem(at: repo.appendingPathComponent(stale))
        }
        for (path, text) in files(style: style) {
            let url = repo.appendingPathComponent(path)
            try? fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? text.write(to: url, atomically: true, encoding: .utf8)
        }
        git(["add", "-A"])
        git(["commit", "-q", "--allow-empty", "-m", truth.subject])
        if record { truths.append(truth) }
        commits += 1
    }

    func git(_ arguments: [String]) {
        let stamp = "\(day)T10:00:00+00:00"
        let result = try? RosterBinary.run(
            ["/usr/bin/env", "git", "-c", "user.name=History", "-c", "user.email=h@example.com"] + arguments,
            environment: ["GIT_AUTHOR_DATE": stamp, "GIT_COMMITTER_DATE": stamp], direct: true, directory: repo)
        precondition(result?.code == 0, "git \(arguments): \(result?.stderr ?? "")")
    }
}
