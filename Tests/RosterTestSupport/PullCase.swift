import RosterModel

/// A generated pull: a live state, a roster that has drifted from it written over one or two
/// files in one of the styles people write (block or flow entries, flow lists on one line or an
/// entry per line, JSON pretty or on one line; teams present, empty, null or absent; comments;
/// CRLF; no final newline), and what the pull must keep.
package struct PullCase: CustomStringConvertible {
    package var live: LiveState
    package var files: [(path: String, text: String)] = []
    package var into: String?
    package var comments: [String] = []
    /// Lines of entries that match the live state, which the pull must leave as they are.
    package var stableLines: [String] = []

    package var description: String { files.map { "--- \($0.path)\n\($0.text)" }.joined(separator: "\n") }

    enum ListStyle: CaseIterable { case block, blockFlowEntries, flowOneLine, flowPerLine }
    enum TeamsStyle: CaseIterable { case written, empty, null, absent }

    enum Value: Equatable {
        case text(String)
        case list([String])
        /// `&name text`: an anchor on a scalar.
        case anchored(String, String)
        /// `*name`: an alias (as a field's value, or a merge key's).
        case alias(String)
    }

    struct Entry {
        var fields: [(String, Value)]
        /// Whether the live state has it as written.
        var stable: Bool
        /// `&name` before the entry's flow mapping.
        var anchor: String?
        /// Whether it uses an alias: its line may change when the anchor's entry goes (the
        /// anchored text then moves to it).
        var usesAlias = false

        /// Whether its lines must stay as written.
        var keepsLines: Bool { stable && !usesAlias }

        var name: String {
            if case .text(let name) = fields[0].1 { return name }
            return ""
        }
    }

    // One written decomposed (NFD): a letter and its combining mark are two columns to the loader.
    static let names = [
        "Ann Lee", "Bo O'Brien", "Zoë Müller", "Kenji Nu\u{301}n\u{303}ez", "Dee: Ops", "Eli #2", "Fay", "Gus", "Hal",
        "Ida",
    ]

    package static func generate(_ rng: inout SplitMix64) -> PullCase {
        let users = (0..<Int.random(in: 0...7, using: &rng)).map { i in
            LiveUser(
                id: i + 1, name: names[i], craft: .engineering,
                level: JobLevel.allCases.randomElement(using: &rng) ?? .mid,
                focus: [Focus.frontend, .backend, .mobile].randomElement(using: &rng) ?? .backend,
                levelStartDate: Bool.random(using: &rng) ? "2024-0\(i + 1)-01" : nil)
        }
        var teams: [LiveTeam] = []
        var free = users.map(\.id).shuffled(using: &rng)
        while free.count >= 1 && teams.count < 3 && Bool.random(using: &rng) {
            let size = min(free.count, Int.random(in: 1...3, using: &rng))
            let ids = Array(free.prefix(size))
            free.removeFirst(size)
            teams.append(LiveTeam(id: 100 + teams.count, name: "Team \(teams.count)", leadID: ids[0], memberIDs: ids))
        }
        let levels = JobLevel.allCases.filter { _ in Bool.random(using: &rng) }.map {
            (level: $0, limitMonths: [12, 24, 36].randomElement(using: &rng) ?? 12)
        }
        var generated = PullCase(
            live: LiveState(
                space: LiveSpace(id: "s", name: "S", isOwner: true), users: users, teams: teams, levels: levels)
        )
        generated.write(&rng)
        return generated
    }

    /// The roster's people and teams, drifted from the live state.
    func entries(_ rng: inout SplitMix64) -> (people: [Entry], teams: [Entry]) {
        var people: [Entry] = []
        var listed: Set<Int> = []
        for user in live.users {
            let roll = Int.random(in: 0..<4, using: &rng)
            if roll == 0 { continue }
            listed.insert(user.id)
            let focus = roll == 1 ? (user.focus == .mobile ? "Backend" : "Mobile") : user.focus.rawValue
            var fields: [(String, Value)] = [
                ("name", .text(user.name)), ("craft", .text("Engineering")), ("level", .text(user.level.rawValue)),
                ("focus", .text(focus)),
            ]
            if let date = user.levelStartDate { fields.append(("levelStartDate", .text(date))) }
            people.append(Entry(fields: fields, stable: roll != 1))
        }
        for n in 0..<Int.random(in: 0...2, using: &rng) {
            let fields: [(String, Value)] = [
                ("name", .text("Gone \(n)")), ("craft", .text("Engineering")), ("level", .text("Mid")),
                ("focus", .text("Backend")),
            ]
            people.insert(Entry(fields: fields, stable: false), at: Int.random(in: 0...people.count, using: &rng))
        }
        var teams: [Entry] = []
        for team in live.teams where team.memberIDs.allSatisfy(listed.contains) && Bool.random(using: &rng) {
            let name = { (id: Int) in live.users.first { $0.id == id }?.name ?? "" }
            var members = team.memberIDs.filter { $0 != team.leadID }
            let dropped = !members.isEmpty && Bool.random(using: &rng)
            if dropped { members.removeLast() }
            var fields: [(String, Value)] = [("name", .text(team.name)), ("lead", .text(name(team.leadID)))]
            if !members.isEmpty || Bool.random(using: &rng) { fields.append(("members", .list(members.map(name)))) }
            teams.append(Entry(fields: fields, stable: !dropped))
        }
        if people.contains(where: { $0.name == "Gone 0" }) && Bool.random(using: &rng) {
            teams.append(Entry(fields: [("name", .text("Gone team")), ("lead", .text("Gone 0"))], stable: false))
        }
        return (people, teams)
    }
}

extension PullCase {
    enum Format: CaseIterable { case yaml, jsonPretty, jsonIndented, jsonOneLine }

    /// Writes the roster's files, and what the pull must keep.
    mutating func write(_ rng: inout SplitMix64) {
        let (people, teams) = entries(&rng)
        let format = Format.allCases.randomElement(using: &rng) ?? .yaml
        let listStyle = ListStyle.allCases.randomElement(using: &rng) ?? .block
        let teamsStyle = TeamsStyle.allCases.randomElement(using: &rng) ?? .written
        let split = Int.random(in: 0..<3, using: &rng) == 0
        let ext = format == .yaml ? "yaml" : "json"
        var sections: [[(String, [Entry]?)]] = [[("people", people)]]
        let teamSection: (String, [Entry]?)? =
            switch teamsStyle {
            case .written: ("teams", teams)
            case .empty: ("teams", [])
            case .null: format == .yaml ? ("teams", nil) : ("teams", [])
            case .absent: nil
            }
        if split {
            sections.append(teamSection.map { [$0] } ?? [])
        } else if let teamSection {
            sections[0].append(teamSection)
        }
        let levels = rosterLevels(&rng)
        for (n, fileSections) in sections.enumerated() {
            let path = "/virtual/roster-\(n).\(ext)"
            var lines =
                format == .yaml
                ? yaml(fileSections, listStyle, &rng) : json(fileSections, format, &rng)
            if n == 0 && !levels.isEmpty {
                Self.addLevels(
                    levels, to: &lines, format, flow: Bool.random(using: &rng), last: Bool.random(using: &rng))
            }
            let crlf = Int.random(in: 0..<4, using: &rng) == 0
            let finalNewline = Int.random(in: 0..<4, using: &rng) != 0
            if lines.isEmpty { lines = [""] }
            let text = lines.joined(separator: crlf ? "\r\n" : "\n") + (finalNewline ? (crlf ? "\r\n" : "\n") : "")
            files.append((path, text))
        }
        into = [nil, files.first?.path, files.last?.path].randomElement(using: &rng) ?? nil
    }

    /// The roster's levels, drifted from the live limits: the same, another limit, or one the
    /// space does not set (which pull removes).
    func rosterLevels(_ rng: inout SplitMix64) -> [(String, Int)] {
        var live: [JobLevel: Int] = [:]
        for level in self.live.levels { live[level.level] = level.limitMonths }
        return JobLevel.allCases.compactMap { level -> (String, Int)? in
            guard Bool.random(using: &rng) else { return nil }
            return (level.rawValue, live[level].map { Bool.random(using: &rng) ? $0 : $0 + 6 } ?? 48)
        }
    }

    /// Writes `levels` after the `version` line, as a block or a flow mapping (always a flow
    /// mapping in JSON).
    static func addLevels(
        _ levels: [(String, Int)], to lines: inout [String], _ format: Format, flow: Bool, last: Bool
    ) {
        let json = format != .yaml
        let key = { (text: String) in json ? "\"\(text)\"" : text }
        let entries = levels.map { key($0.0) + ": {" + key("limitMonths") + ": \($0.1)}" }
        let mapping = "{" + entries.joined(separator: ", ") + "}"
        switch format {
        case .jsonOneLine:
            lines[0] =
                last
                ? String(lines[0].dropLast()) + ", \"levels\": \(mapping)}"
                : lines[0].replacingOccurrences(of: "1, ", with: "1, \"levels\": \(mapping), ")
        case .jsonPretty, .jsonIndented:
            if last {
                lines[lines.count - 2] += ","
                lines.insert("  \"levels\": \(mapping)", at: lines.count - 1)
            } else {
                lines.insert("  \"levels\": \(mapping),", at: 2)
            }
        case .yaml:
            let written = flow ? ["levels: \(mapping)"] : ["levels:"] + entries.map { "  " + $0 }
            if last { lines += written } else { lines.insert(contentsOf: written, at: 2) }
        }
    }

    static func yamlScalar(_ text: String) -> String {
        let plain = !text.contains(": ") && !text.contains(" #") && !text.hasSuffix(":") && text.first?.isLetter == true
        return plain ? text : "\"" + text + "\""
    }

    static func jsonScalar(_ text: String) -> String { "\"" + text + "\"" }

    static func flow(_ entry: Entry, json: Bool) -> String {
        let scalar = json ? jsonScalar : yamlScalar
        let fields = entry.fields.map { key, value -> String in
            let rendered: String
            rendered = render(value, scalar)
            return (json ? jsonScalar(key) : key) + ": " + rendered
        }
        return (entry.anchor.map { "&\($0) " } ?? "") + "{" + fields.joined(separator: ", ") + "}"
    }

    static func render(_ value: Value, _ scalar: (String) -> String) -> String {
        switch value {
        case .text(let text): return scalar(text)
        case .list(let items): return "[" + items.map(scalar).joined(separator: ", ") + "]"
        case .anchored(let name, let text): return "&\(name) " + scalar(text)
        case .alias(let name): return "*\(name)"
        }
    }

    /// The people written with anchors and merge keys, as people do to keep repeated fields in
    /// one place: the first entry's craft anchored and aliased by the others; in flow entries, an
    /// entry with the first one's keys merges it (`<<: *p0`) and leaves the craft out. Each entry
    /// still says what it said.
    static func anchored(_ entries: [Entry], merging: Bool) -> [Entry] {
        guard var first = entries.first, let craft = first.fields.firstIndex(where: { $0.0 == "craft" }),
            case .text(let value) = first.fields[craft].1
        else { return entries }
        first.fields[craft].1 = .anchored("craft", value)
        if merging { first.anchor = "p0" }
        let keys = first.fields.map(\.0)
        return [first]
            + entries.dropFirst().map { entry in
                var entry = entry
                guard let i = entry.fields.firstIndex(where: { $0.0 == "craft" }) else { return entry }
                entry.usesAlias = true
                if merging && entry.fields.map(\.0) == keys {
                    // What it shares with the first entry (its name aside) it inherits.
                    entry.fields = entry.fields.enumerated().filter { n, field in
                        n != i && (field.0 == "name" || field.1 != first.fields[n].1)
                    }.map(\.element)
                    entry.fields.insert(("<<", .alias("p0")), at: 0)
                } else {
                    entry.fields[i].1 = .alias("craft")
                }
                return entry
            }
    }

    mutating func yaml(
        _ sections: [(String, [Entry]?)], _ style: ListStyle, _ rng: inout SplitMix64
    ) -> [String] {
        var lines = ["# a roster, as people write them", "version: 1"]
        comments.append(lines[0])
        for (key, entries) in sections {
            let comment = "# the \(key)"
            comments.append(comment)
            lines.append(comment)
            guard var entries else {
                lines.append("\(key):")
                continue
            }
            if key == "people" && Int.random(in: 0..<3, using: &rng) == 0 {
                entries = Self.anchored(entries, merging: true)
            }
            if entries.isEmpty || style == .flowOneLine {
                lines.append("\(key): [" + entries.map { Self.flow($0, json: false) }.joined(separator: ", ") + "]")
                continue
            }
            lines.append(style == .flowPerLine ? "\(key): [" : "\(key):")
            let indent = Bool.random(using: &rng) ? "  " : ""
            for (n, entry) in entries.enumerated() {
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    let note = indent + "# note \(key) \(n)"
                    comments.append(note)
                    lines.append(note)
                }
                let written = yamlEntry(entry, style, indent: indent, last: n == entries.count - 1)
                if entry.keepsLines { stableLines += written }
                lines += written
            }
            if style == .flowPerLine { lines.append("]") }
        }
        return lines
    }

    func yamlEntry(_ entry: Entry, _ style: ListStyle, indent: String, last: Bool) -> [String] {
        switch style {
        case .flowPerLine: return ["  " + Self.flow(entry, json: false) + (last ? "" : ",")]
        case .blockFlowEntries, .flowOneLine: return [indent + "- " + Self.flow(entry, json: false)]
        case .block:
            // An anchored entry's anchor stands alone on its dash line (`- &p0`), its pairs below.
            let head = entry.anchor.map { [indent + "- &\($0)"] } ?? []
            return head
                + entry.fields.enumerated().map { n, field in
                    indent + (n == 0 && head.isEmpty ? "- " : "  ") + field.0 + ": "
                        + Self.render(field.1, Self.yamlScalar)
                }
        }
    }

    mutating func json(_ sections: [(String, [Entry]?)], _ format: Format, _ rng: inout SplitMix64) -> [String] {
        if format == .jsonOneLine {
            let members =
                ["\"version\": 1"]
                + sections.map { key, entries in
                    "\"\(key)\": [" + (entries ?? []).map { Self.flow($0, json: true) }.joined(separator: ", ") + "]"
                }
            return ["{" + members.joined(separator: ", ") + "}"]
        }
        var lines = ["{", "  \"version\": 1" + (sections.isEmpty ? "" : ",")]
        for (s, (key, entries)) in sections.enumerated() {
            let entries = entries ?? []
            let comma = s < sections.count - 1 ? "," : ""
            guard !entries.isEmpty else {
                lines.append("  \"\(key)\": []" + comma)
                continue
            }
            lines.append("  \"\(key)\": [")
            for (n, entry) in entries.enumerated() {
                let last = n == entries.count - 1
                let written =
                    format == .jsonPretty
                    ? ["    " + Self.flow(entry, json: true) + (last ? "" : ",")]
                    : Self.indentedJSON(entry, last: last)
                if entry.keepsLines { stableLines += written }
                lines += written
            }
            lines.append("  ]" + comma)
        }
        lines.append("}")
        return lines
    }

    /// An entry as `json.dumps(indent=2)` writes it: a field per line.
    static func indentedJSON(_ entry: Entry, last: Bool) -> [String] {
        let fields = entry.fields.enumerated().map { n, field -> String in
            return "      " + jsonScalar(field.0) + ": " + render(field.1, jsonScalar)
                + (n < entry.fields.count - 1 ? "," : "")
        }
        return ["    {"] + fields + ["    }" + (last ? "" : ",")]
    }
}
