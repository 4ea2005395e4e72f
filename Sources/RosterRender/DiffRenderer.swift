import RosterCore
import RosterModel
import RosterReconcile

/// `roster diff`: what changed between two versions of the roster, in people's words — the
/// people view of the plan from the older to the newer (never a second view), then what is left
/// of teams and levels. Text, Markdown (a pull-request comment for a reviewer with no token) and
/// the one JSON envelope.
package enum DiffRenderer {
    /// The two versions, in words (`main (3f2a1b9c0d1e)`, `the working tree`), and for JSON
    /// their refs and commits.
    package struct Versions: Sendable {
        var from: String
        var to: String
        var json: [(String, JSONValue)]

        package init(from: String, to: String, json: [(String, JSONValue)]) {
            self.from = from
            self.to = to
            self.json = json
        }
    }

    package static func text(_ plan: Plan, _ versions: Versions, color: Bool) -> String {
        let title = "Roster changes from \(versions.from) to \(versions.to)"
        guard plan.hasChanges || !plan.scheduled.isEmpty else {
            return TerminalText.escape("No changes from \(versions.from) to \(versions.to).") + "\n"
        }
        return TerminalText.escape(title) + "\n\n" + PeopleText.body(plan, PeopleView(plan), color: color)
            + PeopleText.scheduled(plan, color: color)
    }

    /// The comment: the summary line, the people, teams and levels, each a table, as many rows as
    /// fit in `limit` characters (what did not fit is counted).
    package static func markdown(_ plan: Plan, _ versions: Versions, limit: Int = MarkdownPlan.limit) -> String {
        let view = PeopleView(plan)
        var out =
            "### Roster changes: \(MarkdownText.escape(versions.from)) → \(MarkdownText.escape(versions.to))\n\n"
        guard plan.hasChanges || !plan.scheduled.isEmpty else { return out + "**No changes.**\n" }
        out += "**" + PeopleText.summary(view) + "**\n\n"
        var left = 0
        func table(_ heading: String, _ header: String, _ rows: [String]) {
            guard !rows.isEmpty else { return }
            var text = heading + header
            for (n, row) in rows.enumerated() {
                guard out.count + text.count + row.count < limit - 400 else {
                    left += rows.count - n
                    break
                }
                text += row
            }
            out += text + "\n"
        }
        table("#### People\n\n", "| | person | what changes |\n|---|---|---|\n", view.stories.map(MarkdownPlan.row))
        let rest = PlanRenderer.ordered(plan.changes).compactMap(PeopleText.remainder)
        table("#### Teams and levels\n\n", "| | name | change |\n|---|---|---|\n", rest.map(MarkdownPlan.row))
        table("#### Scheduled\n\n", "| on | who | what changes |\n|---|---|---|\n", MarkdownPlan.scheduledRows(plan))
        if left > 0 { out += "**\(left) rows left out** to keep this comment short: `roster diff --format json`.\n\n" }
        return out + "<sub>From the roster files in git; no server was asked.</sub>\n"
    }

    /// `{"format_version": 1, "from": …, "to": …, "summary": {kind: count}, "people": […],
    /// "changes": […], "scheduled": […]}` (scheduled as the plan's).
    package static func json(_ plan: Plan, _ versions: Versions) -> String {
        let view = PeopleView(plan)
        let summary = PersonStory.Kind.allCases.map { ($0.key, JSONValue.int(view.count($0))) }
        let changes = PlanRenderer.ordered(plan.changes).filter { $0.kind != .person }.map(PlanRenderer.changeJSON)
        let fields =
            versions.json + [
                ("summary", JSONValue.object(summary)), ("people", PeopleViewRenderer.json(view)),
                ("changes", .array(changes)), ("scheduled", PlanRenderer.scheduledJSON(plan)),
            ]
        return JSONEnvelope.wrap(fields).rendered(indent: 2) + "\n"
    }
}
