import RosterCore
import RosterModel
import RosterReconcile

/// Mermaid flowcharts (GitHub renders them in Markdown).
enum MermaidChart {
    /// A node label: quoted, with the characters Mermaid reads as markup written as entities
    /// and control characters escaped.
    static func label(_ text: String) -> String {
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
    /// The teams the plan changes, and every person a change touches: who joins (+), leaves (−) or
    /// leads a team, and, beside their team, whose level or other fields change (~).
    static func planChanges(_ plan: Plan, _ view: PeopleView) -> String {
        let teams = plan.changes.filter { $0.kind == .team && ($0.action == .create || $0.action == .update) }
        guard !teams.isEmpty || !view.stories.isEmpty else { return "" }
        var out = "<details><summary>Teams the plan changes (chart)</summary>\n\n```mermaid\nflowchart LR\n"
        var nodes: [String: String] = [:]
        var teamOf: [Int: LiveTeam] = [:]
        for team in plan.live.teams { for id in team.memberSet where teamOf[id] == nil { teamOf[id] = team } }
        func node(_ key: String, _ label: String) -> String {
            if let id = nodes[key] { return id }
            let id = (key.hasPrefix("t:") ? "t" : "p") + "\(nodes.count)"
            nodes[key] = id
            out += "  \(id)[\(Self.label(label))]\n"
            return id
        }
        for story in view.stories {
            let person = node("p:" + story.name, story.name)
            for place in story.to {
                out += "  \(node("t:" + place.team, place.team)) -->|\(place.role == .lead ? "lead" : "+")| \(person)\n"
            }
            for place in story.from where !story.to.contains(where: { $0.teamID != nil && $0.teamID == place.teamID }) {
                out += "  \(node("t:" + place.team, place.team)) -.->|−| \(person)\n"
            }
            guard story.from.isEmpty && story.to.isEmpty, !story.joinsSpace, let id = story.id,
                let team = teamOf[id]
            else { continue }
            out += "  \(node("t:" + team.name, team.name)) -.-|~| \(person)\n"
        }
        return out + "```\n\n</details>\n\n"
    }
}
