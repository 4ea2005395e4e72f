import RosterCore
import RosterReconcile

/// The plan as a pull-request comment: the summary line first, then the deletes, then each
/// team's changes and the people's changes folded in `<details>` blocks, a Mermaid chart of the
/// teams the plan changes, and the warnings. Never longer than ``limit`` characters (GitHub
/// refuses comments over 65,536): past it, the comment says how many changes it left out.
struct MarkdownPlan {
    static let limit = 60_000
    let plan: Plan
    /// How many requests apply sends.
    let requests: Int
    let limit: Int
    private var out = ""
    private var shown = 0
    private var full = false

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
        let changes = PlanRenderer.ordered(plan.changes)
        out =
            "### Roster plan for space \"\(PlanRenderer.escape(plan.space.name))\" (`\(plan.space.id)`)\n\n" + summary()
            + "\n\n"
        let deletes = changes.filter { $0.action == .delete }
        if !deletes.isEmpty { section("**To delete**\n\n", deletes, open: true) }
        for team in changes where team.kind == .team && team.action != .delete && team.action != .unmanaged {
            let title =
                "<summary>\(PlanRenderer.symbol(team.action)) team \(PlanRenderer.escape(team.name))</summary>\n\n"
            section("<details>" + title, [team], closing: "</details>\n\n")
        }
        let people = changes.filter { $0.kind == .person && ($0.action == .create || $0.action == .update) }
        if !people.isEmpty {
            section(
                "<details><summary>People (\(people.count) changes)</summary>\n\n", people, closing: "</details>\n\n")
        }
        let other = changes.filter {
            ($0.kind == .level || $0.kind == .access) && $0.action != .delete || $0.action == .unmanaged
        }
        if !other.isEmpty {
            section(
                "<details><summary>Levels, access and drift (\(other.count))</summary>\n\n", other,
                closing: "</details>\n\n")
        }
        add(MermaidChart.planChanges(plan))
        if !plan.warnings.isEmpty {
            add(
                "**Warnings**\n\n"
                    + plan.warnings.map {
                        "- ⚠️ " + ($0.step.map { "step \($0): " } ?? "") + PlanRenderer.escape($0.message) + "\n"
                    }.joined() + "\n")
        }
        if shown < changes.count {
            out +=
                "**\(changes.count - shown) of \(changes.count) changes left out** to keep this comment under "
                + "\(limit) characters; run `roster plan --format json` to see them all.\n\n"
        }
        let fingerprint = plan.fingerprint.digest.prefix(19)
        let endpoint = plan.endpoint.map { " · " + PlanRenderer.escape($0) } ?? ""
        out += "<sub>Fingerprint `\(fingerprint)…`\(endpoint)</sub>\n"
        return out
    }

    func summary() -> String {
        let s = plan.summary
        guard plan.hasChanges else {
            return "**No changes**: the space matches the roster"
                + (s.unmanaged > 0 ? " (\(s.unmanaged) unmanaged)" : "") + "."
        }
        let steps = plan.steps.count
        return "**\(s.create) to create, \(s.update) to update, \(s.delete) to delete**"
            + (s.unmanaged > 0 ? ", \(s.unmanaged) unmanaged" : "")
            + " — apply runs \(steps) \(steps == 1 ? "step" : "steps") in \(requests) "
            + "\(requests == 1 ? "request" : "requests")."
    }

    /// Room left before the footer (a note of what was left out, the fingerprint line).
    private var room: Int { limit - 400 - out.count }

    /// A table of `changes` under `heading`, as many rows as fit.
    private mutating func section(_ heading: String, _ changes: [Change], open: Bool = false, closing: String = "\n") {
        guard !full else { return }
        var text = heading + "| | kind | name | change |\n|---|---|---|---|\n"
        var rows = 0
        for c in changes {
            let row = Self.row(c)
            if text.count + row.count + closing.count > room {
                full = true
                break
            }
            text += row
            rows += 1
        }
        guard rows > 0 else {
            full = true
            return
        }
        shown += rows
        out += text + "\n" + closing
    }

    /// Adds `text` when it fits.
    private mutating func add(_ text: String) {
        guard !full, text.count <= room else { return }
        out += text
    }

    static func row(_ c: Change) -> String {
        let mark =
            switch c.action {
            case .create: "➕"
            case .update: "✏️"
            case .delete: "🗑️"
            case .unmanaged: "❔"
            }
        let name = PlanRenderer.escape(c.name) + (c.id.map { " (#\($0))" } ?? "")
        return "| \(mark) | \(c.kind.rawValue) | \(name) | \(PlanRenderer.escape(PlanRenderer.detail(c))) |\n"
    }
}
