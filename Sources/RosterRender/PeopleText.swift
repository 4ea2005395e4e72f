import RosterCore
import RosterModel
import RosterReconcile

/// A plan as people read it: who joins, leaves, moves and is promoted first (``PeopleView``),
/// then what is left to say of teams, levels and access (new, renamed and deleted teams, lead
/// changes, limits, drift). The resource view (``PlanRenderer/text(_:requests:color:view:)`` with
/// `.resources`) lists every change a line, as apply sends them.
enum PeopleText {
    /// One line of the plan: its mark, what it is about, and what happens.
    struct Row {
        var action: Change.Action
        var subject: String
        var detail: String
    }

    /// The people section and the teams-and-levels section.
    static func body(_ plan: Plan, _ view: PeopleView, color: Bool) -> String {
        var out = ""
        if !view.stories.isEmpty {
            out += "People: " + summary(view) + "\n"
            // A group for each kind of change: someone promoted and moved is in both.
            for kind in PersonStory.Kind.allCases {
                let section = view.section(kind)
                guard !section.isEmpty else { continue }
                out += "\n  \(kind.title)\n" + lines(section.map(row), indent: "    ", color: color)
            }
            out += "\n"
        }
        let rest = PlanRenderer.ordered(plan.changes).compactMap(remainder)
        if !rest.isEmpty { out += "Teams, levels and access\n" + lines(rest, indent: "  ", color: color) + "\n" }
        return out
    }

    /// What the plan schedules for later days, day by day, person by person; empty when nothing.
    static func scheduled(_ plan: Plan, color: Bool) -> String {
        // A line a person, then a line for each team that starts, ends or changes its lead: what
        // the section counts is what it shows.
        let days = plan.scheduledDays.map { day, changes in
            (day, PeopleView(changes: changes).stories.map(row) + PlanRenderer.ordered(changes).compactMap(remainder))
        }
        guard !days.isEmpty else { return "" }
        let count = days.reduce(0) { $0 + $1.1.count }
        var out =
            "Scheduled: \(count) \(count == 1 ? "change" : "changes"), each applied by the first plan on its day\n"
        for (day, rows) in days {
            out += "\n  \(day)\n" + lines(rows, indent: "    ", color: color)
        }
        return out + "\n"
    }

    /// `1 joins, 0 leave, 3 move, 1 promoted` and the other kinds that occur: each the size of
    /// its group (someone promoted and moved counts in both).
    static func summary(_ view: PeopleView) -> String {
        var parts = [
            "\(view.count(.joins)) join", "\(view.count(.leaves)) leave", "\(view.count(.moves)) move",
            "\(view.count(.promoted)) promoted",
        ]
        let teamless = view.count(.leavesTeam)
        if teamless > 0 {
            parts.insert("\(teamless) \(teamless == 1 ? "leaves their team" : "leave their team")", at: 2)
        }
        let levels = view.count(.levelChanged), other = view.count(.other)
        if levels > 0 { parts.append("\(levels) other level \(levels == 1 ? "change" : "changes")") }
        if other > 0 { parts.append("\(other) other \(other == 1 ? "change" : "changes")") }
        return parts.joined(separator: ", ")
    }

    static func row(_ story: PersonStory) -> Row {
        let action: Change.Action = story.joinsSpace ? .create : story.leavesSpace ? .delete : .update
        return Row(
            action: action, subject: story.name + PlanRenderer.idSuffix(story.id), detail: detail(story))
    }

    /// `Frontend Platform → Platform Infra (lead); focus: Frontend → Infrastructure`.
    static func detail(_ story: PersonStory) -> String {
        var out = ""
        func separate() { if !out.isEmpty { out += "; " } }
        if story.leavesSpace { out += "leaves the space (" + (story.lastDay.map { "last day \($0)" } ?? "prune") + ")" }
        if let teams = teams(story) {
            separate()
            out += teams
        }
        if story.joinsSpace {
            separate()
            PlanRenderer.appendCreated(.person, story.created, to: &out)
        }
        // A level change says its day (`level: Mid → Senior since 2026-11-01`); a date alone is told as one.
        let dated = story.level != nil ? levelDate(story) : nil
        for update in story.updates {
            if case .levelStartDate(_, _?) = dated, update.field == .levelStartDate { continue }
            separate()
            if case .levelStartDate(let from, let to) = update {
                out += since(from, to)
            } else {
                PlanRenderer.appendUpdate(update, to: &out)
                if case .level = update, case .levelStartDate(_, let to?) = dated { out += " since \(to)" }
            }
        }
        return out
    }

    /// A person's level start date as people say it: `since 2026-11-01`, `since 2026-11-01 (was
    /// 2026-10-01)`, `no level start date (was …)`.
    static func since(_ from: String?, _ to: String?) -> String {
        guard let to else { return "no level start date (was \(from ?? "none"))" }
        return "level since \(to)" + (from.map { " (was \($0))" } ?? "")
    }

    static func levelDate(_ story: PersonStory) -> FieldChange? {
        story.updates.first { $0.field == .levelStartDate }
    }

    /// Where they go: `A → B`, `A (lead) → B`, `joins B`, `leaves A`, `lead of A → member of A`.
    static func teams(_ story: PersonStory) -> String? {
        func place(_ p: PersonStory.Placement) -> String { p.team + (p.role == .lead ? " (lead)" : "") }
        let from = story.from.map(place).joined(separator: ", ")
        let to = story.to.map(place).joined(separator: ", ")
        switch (story.from.isEmpty, story.to.isEmpty) {
        case (true, true): return nil
        case (true, false): return "joins \(to)"
        case (false, true): return story.leavesSpace ? "was in \(from)" : "leaves \(from)"
        case (false, false):
            if story.from.count == 1, story.to.count == 1, let id = story.from[0].teamID, story.to[0].teamID == id {
                return "\(story.from[0].role.rawValue) → \(story.to[0].role.rawValue) of \(story.to[0].team)"
            }
            return "\(from) → \(to)"
        }
    }

    /// What the people view leaves to say of a change; nil when it told all of it.
    static func remainder(_ change: Change) -> Row? {
        switch (change.kind, change.action) {
        case (.person, .unmanaged):
            return Row(action: .unmanaged, subject: PlanRenderer.subject(change), detail: PlanRenderer.detail(change))
        case (.person, _): return nil
        case (.team, .create):
            let lead = change.after[.lead].map(PlanRenderer.text(of:)) ?? "none"
            let count = PeopleView.names(change.after[.members]).count
            return Row(
                action: .create, subject: PlanRenderer.subject(change),
                detail: "lead \(lead); \(count) \(count == 1 ? "person" : "people")")
        case (.team, .update):
            var rest = change
            rest.updates = change.updates.filter { if case .members = $0 { false } else { true } }
            guard !rest.updates.isEmpty else { return nil }
            return Row(action: .update, subject: PlanRenderer.subject(rest), detail: PlanRenderer.detail(rest))
        default:
            return Row(
                action: change.action, subject: PlanRenderer.subject(change), detail: PlanRenderer.detail(change))
        }
    }

    /// Rows aligned in two columns, escaped (names come from anyone with access to the space).
    static func lines(_ rows: [Row], indent: String, color: Bool) -> String {
        let lefts = rows.map { TerminalText.escape("\(indent)\(PlanRenderer.symbol($0.action)) \($0.subject)") }
        let widths = lefts.map(PlanRenderer.width)
        let column = min(max(widths.max() ?? 0, 40), 60) + 2
        let spaces = String(repeating: " ", count: column)
        var out = ""
        out.reserveCapacity(rows.count * 100)
        for ((row, left), width) in zip(zip(rows, lefts), widths) {
            if color { out += PlanRenderer.colorCode(row.action) }
            out += left
            out.append(contentsOf: spaces.prefix(width < column ? column - width : 2))
            out += TerminalText.escape(row.detail)
            if color { out += "\u{1B}[0m" }
            out += "\n"
        }
        return out
    }
}
