import RosterCore
import RosterModel
import RosterReconcile

/// Renders a plan as text for a terminal, as versioned JSON for scripts, or as Markdown for a
/// pull-request comment. Pure functions of the plan.
package enum PlanRenderer {
    /// The changes in the order a reader needs them: deletes first (teams, then people), then
    /// people, teams and levels as the roster lists them, then what the roster does not manage.
    static func ordered(_ changes: [Change]) -> [Change] {
        func rank(_ c: Change) -> Int {
            switch (c.action, c.kind) {
            case (.delete, .access): return 0
            case (.delete, .team): return 1
            case (.delete, _): return 2
            case (.unmanaged, _): return 7
            case (_, .access): return 3
            case (_, .person): return 4
            case (_, .team): return 5
            case (_, .level): return 6
            }
        }
        return changes.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(
            \.element)
    }

    static func symbol(_ action: Change.Action) -> String {
        switch action {
        case .create: return "+"
        case .update: return "~"
        case .delete: return "-"
        case .unmanaged: return "?"
        }
    }

    static func subject(_ c: Change) -> String {
        switch c.kind {
        case .level: return "level \(c.name)"
        case .access:
            let name = c.before[.name]?.stringValue
            return "access \"\(c.name)\"" + (name.map { " (\($0))" } ?? "")
        default: return "\(c.kind.rawValue) \"\(c.name)\"" + idSuffix(c.id)
        }
    }

    /// ` (#4)` for a live id; nothing for none, or for the negative ids `roster diff` gives
    /// entries of a roster that pin none (no MPS entity has one).
    static func idSuffix(_ id: Int?) -> String {
        guard let id, id > 0 else { return "" }
        return " (#\(id))"
    }

    /// A live id in JSON: null for none, or for `roster diff`'s negative ids.
    static func idValue(_ id: Int?) -> JSONValue {
        guard let id, id > 0 else { return .null }
        return .int(id)
    }

    static func text(of value: JSONValue) -> String {
        switch value {
        case .null: return "none"
        case .string(let s): return readsAmbiguously(s) ? JSONValue.string(s).rendered() : s
        case .int(let i): return String(i)
        case .array(let items): return items.map(text(of:)).joined(separator: ", ")
        default: return value.rendered()
        }
    }

    /// Whether a value shown bare would read as something else: nothing at all, `none` (no
    /// value), or white space at its ends that the reader cannot see. Such values are quoted.
    static func readsAmbiguously(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return true }
        return s == "none" || first.properties.isWhitespace || last.properties.isWhitespace
    }

    /// How many columns `s` takes: its characters, counted fast when it is ASCII.
    static func width(_ s: String) -> Int {
        var ascii = true
        for byte in s.utf8 where byte >= 0x80 { ascii = false; break }
        return ascii ? s.utf8.count : s.count
    }

    /// The right-hand description of a change.
    static func detail(_ c: Change) -> String {
        var out = ""
        appendDetail(c, to: &out)
        return out
    }

    /// The description appended in place: a 10,000-line plan builds no string per part.
    static func appendDetail(_ c: Change, to out: inout String) {
        defer { if c.action != .unmanaged, let note = c.note { out += " (\(note))" } }
        switch c.action {
        case .create: appendCreated(c, to: &out)
        case .update:
            for (n, update) in c.updates.enumerated() {
                if n > 0 { out += "; " }
                appendUpdate(update, to: &out)
            }
        case .delete:
            if let last = c.lastDay {
                out += "last day \(last); deleted"
            } else {
                out +=
                    c.kind == .access
                    ? "not in the roster; access removed (prune)" : "not in the roster; deleted (prune)"
            }
        case .unmanaged:
            if c.kind == .access {
                out += "not in the roster (unmanaged; access.prune or --prune removes it)"
            } else if let note = c.note {
                out += "not in the roster (\(note))"
            } else {
                out += "not in the roster (unmanaged; --prune deletes it)"
            }
        }
    }

    /// What a new entity will be.
    static func appendCreated(_ c: Change, to out: inout String) {
        appendCreated(c.kind, c.after, to: &out)
    }

    /// What a new entity of `kind` with the values `values` will be.
    static func appendCreated(_ kind: Change.Kind, _ values: EntityValues, to out: inout String) {
        let after = { (field: PlanField) in values[field] ?? .null }
        switch kind {
        case .person:
            // Every field of the table but the name (the line's subject), by its edit option's word
            // (else its label); a field with no value is left out.
            let words = PersonField.all.compactMap { field -> String? in
                let value = after(PlanField(field))
                guard field != .name, value != .null else { return nil }
                let word = field.row.option.map { String($0.dropFirst(2)) } ?? field.row.label
                return "\(word) \(text(of: value))"
            }
            out += words.joined(separator: ", ")
        case .team:
            let fields = TeamField.allCases.filter { $0 != .name }
            out += fields.map { "\($0.key.rawValue) \(text(of: after(PlanField($0))))" }.joined(separator: "; ")
        case .level:
            out += "limitMonths "
            out += text(of: after(.limitMonths))
        case .access:
            out += "may open and change the space"
        }
    }

    /// One changed field: a rename, who joins and leaves, or the value before and after.
    static func appendUpdate(_ update: FieldChange, to out: inout String) {
        switch update {
        case .name(let from, _): out += "renamed from \"\(from)\""
        case .members(let added, let removed):
            let names = added.map { "+ \($0.name)" } + removed.map { "− \($0.name)" }
            out += "members: " + names.joined(separator: ", ")
        default:
            guard let (before, after) = update.values else { return }
            out += "\(update.field.rawValue): \(text(of: before)) → \(text(of: after))"
        }
    }

    static func summaryLine(_ plan: Plan) -> String {
        let s = plan.summary
        var line = "Plan: \(s.create) to create, \(s.update) to update, \(s.delete) to delete."
        if s.unmanaged > 0 { line += " \(s.unmanaged) unmanaged." }
        return line
    }

    static func applyLine(_ plan: Plan, requests: Int) -> String {
        let steps = plan.steps.count
        return
            "Apply runs \(steps) \(steps == 1 ? "step" : "steps") in \(requests) "
            + "\(requests == 1 ? "request" : "requests")."
    }

    // MARK: text

    /// The plan for a terminal; `requests` is how many requests apply sends (only the executor's
    /// wire format knows: `GraphQLMutationExecutor.requestCount`); `color` adds ANSI colours
    /// (green +, yellow ~, red -).
    package static func text(
        _ plan: Plan, requests: Int, color: Bool = false, view: TextView = .people, people: PeopleView? = nil
    ) -> String {
        let out =
            TerminalText.escape(
                "Roster plan for space \"\(plan.space.name)\" (\(plan.space.id))"
                    + (plan.endpoint.map { " at \($0)" } ?? ""))
            + "\n\n"
        let later = PeopleText.scheduled(plan, color: color) + footer(plan, requests: requests, color: color)
        switch view {
        case .people: return out + PeopleText.body(plan, people ?? PeopleView(plan), color: color) + later
        case .resources: return out + resources(plan, color: color) + later
        }
    }

    /// How the text plan is told: person by person (who joins, leaves, moves, is promoted), or a
    /// line a resource (each person's fields, each team's lead and members, each level).
    package enum TextView: String, Sendable, CaseIterable {
        case people, resources
    }

    /// The ANSI colour of an action: green +, yellow ~, red -, dim ?.
    static func colorCode(_ action: Change.Action) -> String {
        switch action {
        case .create: "\u{1B}[32m"
        case .update: "\u{1B}[33m"
        case .delete: "\u{1B}[31m"
        case .unmanaged: "\u{1B}[2m"
        }
    }

    /// Every change a line, people, teams and levels as apply sends them.
    static func resources(_ plan: Plan, color: Bool) -> String {
        var out = ""
        let changes = ordered(plan.changes)
        // Names come from anyone with access to the space: escaped, they cannot move the cursor.
        let lefts = changes.map { TerminalText.escape("  \(symbol($0.action)) \(subject($0))") }
        let widths = lefts.map(width)
        let column = min(max(widths.max() ?? 0, 40), 60) + 2
        out.reserveCapacity(changes.count * 100)
        let spaces = String(repeating: " ", count: column)
        for ((change, left), leftWidth) in zip(zip(changes, lefts), widths) {
            if color { out += colorCode(change.action) }
            out += left
            if leftWidth < column { out.append(contentsOf: spaces.prefix(column - leftWidth)) } else { out += "  " }
            var detail = ""
            appendDetail(change, to: &detail)
            out += TerminalText.escape(detail)
            if color { out += "\u{1B}[0m" }
            out += "\n"
        }
        if !changes.isEmpty { out += "\n" }
        return out
    }

    /// The plan's warnings, then its summary.
    static func footer(_ plan: Plan, requests: Int, color: Bool) -> String {
        var out = ""
        for warning in plan.warnings {
            let prefix = color ? "\u{1B}[1;33mwarning:\u{1B}[0m" : "warning:"
            out +=
                "\(prefix) " + (warning.step.map { "step \($0): " } ?? "") + TerminalText.escape(warning.message) + "\n"
        }
        if !plan.warnings.isEmpty { out += "\n" }
        if plan.hasChanges { return out + summaryLine(plan) + "\n" + applyLine(plan, requests: requests) + "\n" }
        if plan.due != nil {
            return out + "Nothing is due\(plan.asOf.map { " on \($0)" } ?? ""), as the roster dates it.\n"
        }
        return out + "No changes: the space matches the roster."
            + (plan.summary.unmanaged > 0 ? " \(plan.summary.unmanaged) unmanaged." : "") + "\n"
    }

    // MARK: JSON

    static func changeJSON(_ c: Change) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("action", .string(c.action.rawValue)), ("kind", .string(c.kind.rawValue)), ("name", .string(c.name)),
        ]
        if c.kind == .access {
            fields.append(("id", c.authID.map(JSONValue.string) ?? .null))
        } else if c.kind != .level {
            fields.append(("id", idValue(c.id)))
        }
        switch c.action {
        case .create:
            fields.append(("after", c.after.json))
        case .update:
            fields += updateJSON(c.updates)
        case .delete:
            fields.append(("before", c.before.json))
        case .unmanaged:
            if c.kind == .access { fields.append(("before", c.before.json)) }
        }
        if let note = c.note { fields.append(("note", .string(note))) }
        if let last = c.lastDay { fields.append(("lastDay", .string(last.description))) }
        return .object(fields)
    }

    /// An update's fields: their names, the values before and after, and who joins and leaves.
    static func updateJSON(_ updates: [FieldChange]) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [("fields", .array(updates.map { .string($0.field.rawValue) }))]
        let values = updates.compactMap { update in update.values.map { (update.field.rawValue, $0) } }
        if !values.isEmpty {
            out.append(("before", .object(values.map { ($0.0, $0.1.before) })))
            out.append(("after", .object(values.map { ($0.0, $0.1.after) })))
        }
        for case .members(let added, let removed) in updates {
            out.append(("membersAdded", .array(added.names.map(JSONValue.string))))
            out.append(("membersRemoved", .array(removed.names.map(JSONValue.string))))
        }
        return out
    }

    /// The days the plan schedules changes for: each its changes and people, as the plan's are.
    static func scheduledJSON(_ plan: Plan) -> JSONValue {
        .array(
            plan.scheduledDays.map { day, changes in
                .object([
                    ("on", .string(day.description)), ("changes", .array(ordered(changes).map(changeJSON))),
                    ("people", PeopleViewRenderer.json(PeopleView(changes: changes))),
                ])
            })
    }

    static func operationJSON(_ op: PlanOperation) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("mutation", .string(op.mutation.rawValue)), ("kind", .string(op.kind.rawValue)),
            ("name", .string(op.name)),
        ]
        if let purpose = op.purpose { fields.append(("purpose", .string(purpose))) }
        return .object(fields)
    }

    /// The plan as versioned JSON (format_version 1, docs/commands.md). A caller that also saves the
    /// plan passes the fingerprint it already computed: it hashes every live entity.
    package static func json(_ plan: Plan, fingerprint: Fingerprint? = nil) -> JSONValue {
        let s = plan.summary
        return .object([
            (JSONEnvelope.versionKey, .int(JSONEnvelope.version)),
            ("endpoint", plan.endpoint.map { .string($0) } ?? .null),
            ("space", .object([("id", .string(plan.space.id)), ("name", .string(plan.space.name))])),
            (
                "summary",
                .object([
                    ("create", .int(s.create)), ("update", .int(s.update)), ("delete", .int(s.delete)),
                    ("unmanaged", .int(s.unmanaged)),
                ])
            ),
            ("changes", .array(ordered(plan.changes).map(changeJSON))),
            ("people", PeopleViewRenderer.json(PeopleView(plan))),
            ("scheduled", scheduledJSON(plan)),
            ("steps", .array(plan.steps.map { .object([("operations", .array($0.map(operationJSON)))]) })),
            (
                "warnings",
                .array(
                    plan.warnings.map {
                        .object([("step", $0.step.map(JSONValue.int) ?? .null), ("message", .string($0.message))])
                    })
            ),
            ("fingerprint", .string((fingerprint ?? plan.fingerprint).digest)),
        ])
    }

    // MARK: Markdown

    /// The plan for a pull-request comment (see ``MarkdownPlan``).
    package static func markdown(_ plan: Plan, requests: Int, limit: Int = 60_000) -> String {
        MarkdownPlan(plan: plan, requests: requests, limit: limit).render()
    }
}
