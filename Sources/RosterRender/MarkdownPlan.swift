import RosterCore
import RosterModel
import RosterReconcile

/// The plan as a pull-request comment, for a reviewer who thinks in people: a summary line
/// (`2 move, 1 promoted, 1 join, 0 leave`), the people view as a table, what is left of teams,
/// levels and access, then every change folded. A large plan leads with a reorganisation summary
/// (from team → to team, level changes by level) and folds its people. Never longer than
/// ``limit`` characters (GitHub refuses comments over 65,536): past it, the comment says how
/// many people and changes it left out and where the whole plan is.
struct MarkdownPlan {
    static let limit = 60_000
    /// More people than this, and the comment leads with the reorganisation summary.
    static let large = 40
    let plan: Plan
    /// How many requests apply sends.
    let requests: Int
    let limit: Int
    private var out = ""
    private var full = false
    private var shownChanges = 0
    private var shownPeople = 0

    init(plan: Plan, requests: Int, limit: Int) {
        self.requests = requests
        self.plan = plan
        self.limit = limit
    }

    func render() -> String {
        var page = self
        return page.build()
    }

    private mutating func build() -> String {
        let view = PeopleView(plan)
        let changes = PlanRenderer.ordered(plan.changes)
        out =
            "### Roster plan for space \"\(MarkdownText.escape(plan.space.name))\" "
            + "(\(MarkdownText.code(plan.space.id)))\n\n"
            + summary(view) + "\n\n"
        let large = view.stories.count > Self.large
        if large { add(Reorganisation(view).markdown()) }
        if !view.stories.isEmpty {
            let heading =
                large
                ? "<details><summary>People (\(view.stories.count))</summary>\n\n" : "#### People\n\n"
            shownPeople = table(
                heading, "| | person | what happens |\n|---|---|---|\n", view.stories.map(Self.row),
                closing: large ? "</details>\n\n" : "")
        }
        let rest = changes.compactMap(PeopleText.remainder)
        if !rest.isEmpty {
            _ = table(
                "#### Teams, levels and access\n\n", "| | name | change |\n|---|---|---|\n", rest.map(Self.row),
                closing: "")
        }
        if !changes.isEmpty {
            shownChanges = table(
                "<details><summary>Every change, a line each (\(changes.count))</summary>\n\n",
                "| | kind | name | change |\n|---|---|---|---|\n", changes.map(Self.row), closing: "</details>\n\n")
        }
        addScheduled()
        add(MermaidChart.planChanges(plan, view))
        addWarnings()
        leftOut(people: view.stories.count, changes: changes.count)
        let fingerprint = plan.fingerprint.digest.prefix(19)
        let endpoint = plan.endpoint.map { " · " + MarkdownText.code($0) } ?? ""
        out += "<sub>Fingerprint `\(fingerprint)…`\(endpoint)</sub>\n"
        return out
    }

    /// `**2 move, 1 promoted, 1 join, 0 leave** · 4 to create, …` — what a manager reads first.
    func summary(_ view: PeopleView) -> String {
        let s = plan.summary
        guard plan.hasChanges else {
            return "**No changes**: the space matches the roster"
                + (s.unmanaged > 0 ? " (\(s.unmanaged) unmanaged)" : "") + "."
        }
        let steps = plan.steps.count
        let people =
            view.stories.isEmpty
            ? ""
            : "**\(view.count(.moves)) move, \(view.count(.promoted)) promoted, \(view.count(.joins)) join, "
                + "\(view.count(.leaves)) leave"
                + (view.count(.leavesTeam) > 0 ? ", \(view.count(.leavesTeam)) in no team now" : "") + "** · "
        return people + "\(s.create) to create, \(s.update) to update, \(s.delete) to delete"
            + (s.unmanaged > 0 ? ", \(s.unmanaged) unmanaged" : "")
            + " — apply runs \(steps) \(steps == 1 ? "step" : "steps") in \(requests) "
            + "\(requests == 1 ? "request" : "requests")."
    }

    /// Room left before the footer (a note of what was left out, the fingerprint line).
    private var room: Int { limit - 600 - out.count }

    /// A table of `rows` under `heading`, as many rows as fit; how many did.
    private mutating func table(_ heading: String, _ header: String, _ rows: [String], closing: String) -> Int {
        guard !full else { return 0 }
        var text = heading + header
        var count = 0
        for row in rows {
            if text.count + row.count + closing.count > room {
                full = true
                break
            }
            text += row
            count += 1
        }
        guard count > 0 else {
            full = true
            return 0
        }
        out += text + "\n" + closing
        return count
    }

    /// Adds `text` when it fits.
    private mutating func add(_ text: String) {
        guard !full, !text.isEmpty, text.count <= room else { return }
        out += text
    }

    /// What the plan schedules for later days: a table, a row a person, each with its day.
    private mutating func addScheduled() {
        let rows = Self.scheduledRows(plan)
        guard !rows.isEmpty else { return }
        _ = table(
            "#### Scheduled (applied by the first plan on their day)\n\n",
            "| on | who | what happens |\n|---|---|---|\n",
            rows, closing: "")
    }

    /// A row a person of each day the plan schedules changes for: the day, who, what.
    static func scheduledRows(_ plan: Plan) -> [String] {
        plan.scheduledDays.flatMap { day, changes in
            let rows =
                PeopleView(changes: changes).stories.map(PeopleText.row)
                + PlanRenderer.ordered(changes).compactMap(PeopleText.remainder)
            return rows.map { line in
                "| \(day) | \(MarkdownText.escape(line.subject)) | \(MarkdownText.escape(line.detail)) |\n"
            }
        }
    }

    private mutating func addWarnings() {
        guard !plan.warnings.isEmpty else { return }
        add(
            "**Warnings**\n\n"
                + plan.warnings.map {
                    "- ⚠️ " + ($0.step.map { "step \($0): " } ?? "") + MarkdownText.escape($0.message) + "\n"
                }.joined() + "\n")
    }

    /// Says what did not fit, and where the whole plan is.
    private mutating func leftOut(people: Int, changes: Int) {
        var parts: [String] = []
        if shownPeople < people { parts.append("\(people - shownPeople) of \(people) people") }
        if shownChanges < changes { parts.append("\(changes - shownChanges) of \(changes) changes") }
        guard !parts.isEmpty else { return }
        out +=
            "**\(parts.joined(separator: " and ")) left out** to keep this comment under \(limit) characters; "
            + "the whole plan: `roster plan --format json` (`people` and `changes`), or the saved plan of this "
            + "pipeline.\n\n"
    }

    static func mark(_ action: Change.Action) -> String {
        switch action {
        case .create: "➕"
        case .update: "✏️"
        case .delete: "🗑️"
        case .unmanaged: "❔"
        }
    }

    static func row(_ story: PersonStory) -> String {
        let line = PeopleText.row(story)
        return "| \(mark(line.action)) | \(MarkdownText.escape(line.subject)) | \(MarkdownText.escape(line.detail)) |\n"
    }

    static func row(_ rest: PeopleText.Row) -> String {
        "| \(mark(rest.action)) | \(MarkdownText.escape(rest.subject)) | \(MarkdownText.escape(rest.detail)) |\n"
    }

    static func row(_ c: Change) -> String {
        let name = MarkdownText.escape(c.name) + PlanRenderer.idSuffix(c.id)
        return "| \(mark(c.action)) | \(c.kind.rawValue) | \(name) | \(MarkdownText.escape(PlanRenderer.detail(c))) |\n"
    }
}

/// A large plan at a glance: how many people go from each team to each other, and how many
/// change from each level to each other.
struct Reorganisation {
    let moves: [(from: String, to: String, people: Int)]
    let levels: [(from: JobLevel, to: JobLevel, people: Int)]

    init(_ view: PeopleView) {
        var moves: [String: [String: Int]] = [:]
        var levels: [JobLevel: [JobLevel: Int]] = [:]
        for story in view.stories {
            if !story.from.isEmpty || !story.to.isEmpty {
                let from = story.from.map(\.team).joined(separator: ", "),
                    to = story.to.map(\.team).joined(separator: ", ")
                moves[from.isEmpty ? "(no team)" : from, default: [:]][to.isEmpty ? "(no team)" : to, default: 0] += 1
            }
            if let level = story.level { levels[level.from, default: [:]][level.to, default: 0] += 1 }
        }
        self.moves = moves.flatMap { from, tos in tos.map { (from, $0.key, $0.value) } }
            .sorted { ($1.2, $0.0, $0.1) < ($0.2, $1.0, $1.1) }
        self.levels = levels.flatMap { from, tos in tos.map { (from, $0.key, $0.value) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
    }

    /// The summary's tables; the moves past the 40 largest are counted in one row.
    func markdown() -> String {
        var out = "#### Reorganisation\n\n"
        if !moves.isEmpty {
            out += "| from | to | people |\n|---|---|---|\n"
            for move in moves.prefix(40) {
                out += "| \(MarkdownText.escape(move.from)) | \(MarkdownText.escape(move.to)) | \(move.people) |\n"
            }
            if moves.count > 40 {
                let rest = moves.dropFirst(40)
                out += "| … \(rest.count) more pairs of teams | | \(rest.reduce(0) { $0 + $1.people }) |\n"
            }
            out += "\n"
        }
        if !levels.isEmpty {
            out += "| level | to | people | |\n|---|---|---|---|\n"
            for change in levels {
                let way = change.to > change.from ? "⬆️ up" : "⬇️ down"
                out += "| \(change.from.rawValue) | \(change.to.rawValue) | \(change.people) | \(way) |\n"
            }
            out += "\n"
        }
        return out
    }
}
