import RosterApply
import RosterCore
import RosterModel
import RosterReconcile

/// Renders apply's report as text or as the JSON docs/commands.md describes. Every planned operation is one line
/// (one object), with its live id whenever one is known.
package enum ReportRenderer {
    static func paint(_ code: String, _ s: String, _ color: Bool) -> String {
        color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    static func subject(_ entry: ApplyReport.Entry) -> String {
        TerminalText.escape(ReportWording.subject(entry.operation)) + (entry.id.map { " (#\($0))" } ?? "")
    }

    /// The text report's line for each operation.
    static func entryLines(_ entries: [ApplyReport.Entry], color: Bool = false) -> String {
        var out = ""
        for entry in entries {
            let subject = subject(entry)
            switch entry.status {
            case .applied: out += paint("32", "  ✓ \(subject)", color)
            case .failed(let message): out += paint("31", "  ✗ \(subject): \(TerminalText.escape(message))", color)
            case .skipped(let reason):
                out += paint("33", "  - \(subject): skipped, \(TerminalText.escape(reason))", color)
            case .notRun(let reason):
                out += paint("33", "  · \(subject): not run, \(TerminalText.escape(reason))", color)
            case .unknown(let reason):
                out += paint("35", "  ? \(subject): unknown outcome, \(TerminalText.escape(reason))", color)
            }
            out += "\n"
            if let server = entry.serverMessage { out += "      server said: \(TerminalText.escape(server))\n" }
        }
        return out
    }

    /// Why apply stopped, for a person.
    static func stopLine(_ stop: ApplyReport.Stop) -> String {
        switch stop {
        case .interrupted:
            return "Interrupted: requests in flight were waited for; nothing more was sent."
        case .unknownOutcome:
            return "Stopped: a request's outcome is unknown; it may still run on the server, so nothing more was sent. "
                + "Run `roster plan` again in a minute to see what it did."
        case .aborted(let message):
            return "Stopped: \(TerminalText.escape(message))"
        }
    }

    /// What the verifying read found.
    package static func verificationLines(_ report: ApplyReport) -> String {
        switch report.verification {
        case .notAttempted:
            return report.stop == nil ? "" : "Not verified: apply stopped before the end.\n"
        case .unreadable(let reason):
            return "Not verified: the live state could not be read: \(TerminalText.escape(reason))\n"
        case .unplannable(let reasons):
            return "Not verified: the live state was read, but cannot be compared with the roster: "
                + reasons.map(TerminalText.escape).joined(separator: "; ") + "\n"
        case .checked(let remaining) where remaining.isEmpty:
            return report.unexplained.isEmpty && report.broken.isEmpty
                ? "Verified: the space matches the roster.\n" : ""
        case .checked(let remaining):
            var out =
                report.due == nil
                ? "Left to do after verification (\(remaining.count)):\n"
                : "Not verified: the space differs from the roster of the day in \(remaining.count) "
                    + "\(remaining.count == 1 ? "way" : "ways") the apps made, left as they are (`roster pull` "
                    + "adopts them, `roster apply` without --due undoes them):\n"
            for change in PlanRenderer.ordered(remaining) {
                out +=
                    "  \(PlanRenderer.symbol(change.action)) \(PlanRenderer.subject(change))  "
                    + "\(PlanRenderer.detail(change))\n"
            }
            return out
        }
    }

    /// What the space breaks of the rules the roster keeps, after an apply; empty when nothing.
    package static func brokenLines(_ report: ApplyReport, color: Bool = false) -> String {
        guard !report.broken.isEmpty else { return "" }
        var out = paint("31", "Not verified: the space breaks the one-team rule the roster keeps:", color) + "\n"
        for line in report.broken { out += "  \(TerminalText.escape(line))\n" }
        return out
    }

    /// What `apply --due` left because a change made in the apps meets a dated one; empty when nothing.
    package static func conflictLines(_ report: ApplyReport, color: Bool = false) -> String {
        guard let conflicts = report.due?.conflicts, !conflicts.isEmpty else { return "" }
        var out =
            paint(
                "31",
                "Left as the apps made them, as they meet a change the roster dates (\(conflicts.count); "
                    + "`roster pull` tells them, `--take` resolves them):", color) + "\n"
        for conflict in conflicts { out += "  \(TerminalText.escape(conflict.description))\n" }
        return out
    }

    /// What `apply --reviewed` held back; empty when nothing.
    package static func heldBackLines(_ report: ApplyReport, color: Bool = false) -> String {
        guard !report.heldBack.isEmpty else { return "" }
        var out = paint("31", "Held back, as no reviewed plan holds them (\(report.heldBack.count)):", color) + "\n"
        for line in report.heldBack { out += "  \(TerminalText.escape(line))\n" }
        return out
    }

    /// The report as text.
    package static func text(_ report: ApplyReport, color: Bool = false) -> String {
        var out = entryLines(report.entries, color: color)
        if let stop = report.stop { out += paint("31", stopLine(stop), color) + "\n" }
        out += verificationLines(report)
        out += brokenLines(report, color: color)
        out += heldBackLines(report, color: color)
        out += conflictLines(report, color: color)
        if !report.unexplained.isEmpty {
            out +=
                paint("31", "Another writer may be applying at the same time (two applies must not overlap):", color)
                + "\n"
            for line in report.unexplained { out += "  \(TerminalText.escape(line))\n" }
        }
        out += PeopleReport.text(report)
        let tally = report.tally
        let counts = "\(tally.created) created, \(tally.updated) updated, \(tally.deleted) deleted"
        if let day = report.due?.day, report.complete {
            return out + "Applied what is due on \(day), as the roster dates it: \(counts).\n"
        }
        if report.complete && !report.heldBack.isEmpty {
            return out + "Applied what was reviewed: \(counts); \(report.heldBack.count) held back.\n"
        }
        guard !report.complete else { return out + "Apply complete: \(counts).\n" }
        var missed: [String] = []
        for (count, word) in [
            (tally.failed, "failed"), (tally.skipped, "skipped"), (tally.notRun, "not run"),
            (tally.unknown, "unknown"),
        ] where count > 0 {
            missed.append("\(count) \(word)")
        }
        return out + "Apply incomplete: \(counts)"
            + (missed.isEmpty ? "." : "; " + missed.joined(separator: ", ") + ".") + "\n"
    }

    /// The JSON report (`format_version` 1).
    package static func json(_ report: ApplyReport) -> JSONValue {
        let tally = report.tally
        var fields: [(String, JSONValue)] = [
            (JSONEnvelope.versionKey, .int(JSONEnvelope.version)),
            ("complete", .bool(report.complete)),
            (
                "summary",
                .object([
                    ("created", .int(tally.created)), ("updated", .int(tally.updated)),
                    ("deleted", .int(tally.deleted)),
                    ("failed", .int(tally.failed)), ("skipped", .int(tally.skipped)),
                    ("notRun", .int(tally.notRun)), ("unknown", .int(tally.unknown)),
                ])
            ),
            ("operations", .array(report.entries.map(operationJSON))),
            ("remaining", .array(PlanRenderer.ordered(report.remaining).map(PlanRenderer.changeJSON))),
        ]
        if let stop = report.stop {
            let kind: String
            switch stop {
            case .interrupted: kind = "interrupted"
            case .unknownOutcome: kind = "unknown-outcome"
            case .aborted: kind = "aborted"
            }
            fields.append(("stopped", .object([("kind", .string(kind)), ("message", .string(stopLine(stop)))])))
        }
        fields.append(("verified", .bool(report.verified)))
        fields.append(("verification", verificationJSON(report.verification)))
        fields.append(("unexplained", .array(report.unexplained.map(JSONValue.string))))
        fields.append(("broken", .array(report.broken.map(JSONValue.string))))
        fields.append(("heldBack", .array(report.heldBack.map(JSONValue.string))))
        fields.append(("due", report.due.map(dueJSON) ?? .null))
        fields.append(("people", PeopleReport.json(report)))
        return .object(fields)
    }

    /// `{"day", "conflicts": [{"entity", "field", "space", "roster"}]}` of `apply --due`.
    static func dueJSON(_ due: (day: Day, conflicts: [DueRoster.Conflict])) -> JSONValue {
        .object([
            ("day", .string(due.day.description)),
            (
                "conflicts",
                .array(
                    due.conflicts.map {
                        .object([
                            ("entity", .string($0.entity)), ("field", .string($0.field)), ("space", .string($0.space)),
                            ("roster", .string($0.roster)),
                        ])
                    })
            ),
        ])
    }

    static func verificationJSON(_ verification: ApplyReport.Verification) -> JSONValue {
        switch verification {
        case .notAttempted: return .object([("status", .string("not-attempted"))])
        case .checked(let remaining):
            return .object([("status", .string(remaining.isEmpty ? "in-sync" : "changes-left"))])
        case .unreadable(let reason): return .object([("status", .string("unreadable")), ("reason", .string(reason))])
        case .unplannable(let reasons):
            return .object([("status", .string("unplannable")), ("reason", .string(reasons.joined(separator: "; ")))])
        }
    }

    static func operationJSON(_ entry: ApplyReport.Entry) -> JSONValue {
        let op = entry.operation
        var fields: [(String, JSONValue)] = [
            ("mutation", .string(op.mutation.rawValue)), ("kind", .string(op.kind.rawValue)),
            ("name", .string(op.name)),
        ]
        if let purpose = op.purpose { fields.append(("purpose", .string(purpose))) }
        if let id = entry.id { fields.append(("id", .int(id))) }
        fields.append(("status", .string(entry.status.name)))
        switch entry.status {
        case .applied: break
        case .failed(let message): fields.append(("error", .string(message)))
        case .skipped(let reason), .notRun(let reason), .unknown(let reason): fields.append(("reason", .string(reason)))
        }
        if let server = entry.serverMessage { fields.append(("serverMessage", .string(server))) }
        return .object(fields)
    }
}
