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

    /// A DOT label of `lines`, in Graphviz's escString: each line's unsafe characters shown as
    /// `\u{…}` (as on a terminal), its backslashes and quotes escaped (so a name's `\N` or `\l` is
    /// text, not a Graphviz escape), and the lines joined by `\n`, Graphviz's centred line break.
    static func dotString(_ lines: String...) -> String {
        let escaped = lines.map {
            TerminalText.escape($0).replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"")
        }
        return "\"" + escaped.joined(separator: "\\n") + "\""
    }

    /// `1 person`, `3 people`.
    static func people(_ count: Int) -> String { count == 1 ? "1 person" : "\(count) people" }

    /// Past this many people, a chart draws the teams (lead and headcount), not each person.
    package static let overviewPast = 50

    /// The overview: a node a team with its lead and headcount, and how many are in no team.
    package func overviewMermaid() -> String {
        var out = "flowchart LR\n"
        for (t, team) in teams.enumerated() {
            let label = "\(team.name): ★ \(team.lead) · \(Self.people(1 + team.members.count))"
            out += "  t\(t)[\(MermaidChart.label(label))]\n"
        }
        if !withoutTeam.isEmpty {
            out += "  none[\(MermaidChart.label("No team: \(Self.people(withoutTeam.count))"))]\n"
        }
        return out
    }

    package func overviewDot() -> String {
        var out = "digraph roster {\n  rankdir=LR;\n  node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
        for (t, team) in teams.enumerated() {
            let label = Self.dotString(team.name, "★ \(team.lead)", Self.people(1 + team.members.count))
            out += "  t\(t) [label=\(label)];\n"
        }
        if !withoutTeam.isEmpty {
            out += "  none [label=\(Self.dotString("No team", Self.people(withoutTeam.count))), style=dashed];\n"
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
