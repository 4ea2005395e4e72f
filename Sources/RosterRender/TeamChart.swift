import RosterCore

/// `roster chart`: the teams, each with its lead and members, and the people in no team, as a
/// Mermaid flowchart or a Graphviz DOT graph. Names are escaped for each format.
package struct TeamChart: Sendable {
    package struct Team: Sendable {
        package var name: String
        var lead: String
        var members: [String]

        init(name: String, lead: String, members: [String]) {
            (self.name, self.lead, self.members) = (name, lead, members)
        }
    }

    package var teams: [Team]
    var withoutTeam: [String]

    init(teams: [Team], withoutTeam: [String]) {
        self.teams = teams
        self.withoutTeam = withoutTeam
    }

    package func mermaid() -> String {
        var out = "flowchart LR\n"
        for (t, team) in teams.enumerated() {
            out += "  subgraph t\(t)[\(MermaidChart.label(team.name))]\n"
            out += "    t\(t)p0[\(MermaidChart.label("★ " + team.lead))]\n"
            for (m, member) in team.members.enumerated() {
                out += "    t\(t)p\(m + 1)[\(MermaidChart.label(member))]\n"
            }
            out += "  end\n"
        }
        if !withoutTeam.isEmpty {
            out += "  subgraph none[\(MermaidChart.label("No team"))]\n"
            for (p, person) in withoutTeam.enumerated() { out += "    n\(p)[\(MermaidChart.label(person))]\n" }
            out += "  end\n"
        }
        return out
    }

    /// A DOT string: backslashes and quotes escaped, control characters written as `\u{…}`.
    static func dotString(_ text: String) -> String {
        "\""
            + TerminalText.escape(text).replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Past this many people, a chart draws the teams (lead and headcount), not each person.
    package static let overviewPast = 50

    /// The overview: a node a team with its lead and headcount, and how many are in no team.
    package func overviewMermaid() -> String {
        var out = "flowchart LR\n"
        for (t, team) in teams.enumerated() {
            let label = "\(team.name): ★ \(team.lead) · \(1 + team.members.count) people"
            out += "  t\(t)[\(MermaidChart.label(label))]\n"
        }
        if !withoutTeam.isEmpty { out += "  none[\(MermaidChart.label("No team: \(withoutTeam.count) people"))]\n" }
        return out
    }

    package func overviewDot() -> String {
        var out = "digraph roster {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        for (t, team) in teams.enumerated() {
            let label = "\(team.name)\n★ \(team.lead)\n\(1 + team.members.count) people"
            out += "  t\(t) [label=\(Self.dotString(label))];\n"
        }
        if !withoutTeam.isEmpty {
            out += "  none [label=\(Self.dotString("No team\n\(withoutTeam.count) people")), style=dashed];\n"
        }
        return out + "}\n"
    }

    package func dot() -> String {
        var out = "digraph roster {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        for (t, team) in teams.enumerated() {
            out += "  subgraph cluster_\(t) {\n    label=\(Self.dotString(team.name));\n"
            out += "    t\(t)p0 [label=\(Self.dotString(team.lead)), style=\"rounded,bold\"];\n"
            for (m, member) in team.members.enumerated() {
                out += "    t\(t)p\(m + 1) [label=\(Self.dotString(member))];\n    t\(t)p0 -> t\(t)p\(m + 1);\n"
            }
            out += "  }\n"
        }
        if !withoutTeam.isEmpty {
            out += "  subgraph cluster_none {\n    label=\"No team\";\n    style=dashed;\n"
            for (p, person) in withoutTeam.enumerated() { out += "    n\(p) [label=\(Self.dotString(person))];\n" }
            out += "  }\n"
        }
        return out + "}\n"
    }
}
