import RosterCore
import RosterReconcile

/// Mermaid flowcharts (GitHub renders them in Markdown).
enum MermaidChart {
    /// A node label: quoted, with the characters Mermaid reads as markup written as entities
    /// and control characters escaped.
    package static func label(_ text: String) -> String {
        var out = "\""
        for character in TerminalText.escape(text) {
            switch character {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "#": out += "#35;"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// The teams a plan creates or changes: each team with its lead (new teams) and the people it
    /// gains (solid) and loses (dashed). Nothing when no team changes.
    static func planChanges(_ plan: Plan) -> String {
        let teams = plan.changes.filter { $0.kind == .team && ($0.action == .create || $0.action == .update) }
        guard !teams.isEmpty else { return "" }
        var out = "<details><summary>Teams the plan changes (chart)</summary>\n\n```mermaid\nflowchart LR\n"
        var people: [String: String] = [:]
        func person(_ name: String) -> String {
            if let id = people[name] { return id }
            let id = "p\(people.count)"
            people[name] = id
            out += "  \(id)[\(label(name))]\n"
            return id
        }
        for (n, team) in teams.enumerated() {
            out += "  t\(n)[\(label(team.name))]\n"
            for update in team.updates {
                if case .lead(_, let lead) = update { out += "  t\(n) -->|lead| \(person(lead))\n" }
            }
            if case .string(let lead)? = team.after[.lead] { out += "  t\(n) -->|lead| \(person(lead))\n" }
            for case .members(let added, let removed) in team.updates {
                for name in added { out += "  t\(n) -->|+| \(person(name))\n" }
                for name in removed { out += "  t\(n) -.->|−| \(person(name))\n" }
            }
        }
        return out + "```\n\n</details>\n\n"
    }
}
