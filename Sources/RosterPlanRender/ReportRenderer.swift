import RosterDiagnostics
import RosterReconcile

/// Renders apply's report as text or as `cli.md`'s JSON.
public enum ReportRenderer {
    static func subject(_ op: PlanOperation) -> String {
        op.kind == .level ? "\(op.mutation.rawValue) \(op.name)" : "\(op.mutation.rawValue) \"\(op.name)\"" + (op.purpose == "release" ? " (release)" : "")
    }

    static func paint(_ code: String, _ s: String, _ color: Bool) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// The text report's line for each operation. `entries` of a report are final before its
    /// verification, so apply lays these out while the verifying read is under way.
    public static func entryLines(_ entries: [ApplyReport.Entry], color: Bool = false) -> String {
        var out = ""
        for entry in entries {
            switch entry.status {
            case .applied(let id):
                out += paint("32", "  ✓ \(subject(entry.operation))" + (id.map { " (#\($0))" } ?? ""), color) + "\n"
            case .failed(let message):
                out += paint("31", "  ✗ \(subject(entry.operation)): \(message)", color) + "\n"
            case .skipped(let reason):
                out += paint("33", "  - \(subject(entry.operation)): skipped, \(reason)", color) + "\n"
            }
        }
        return out
    }

    /// The report as text; `entryLines`, when given, is ``entryLines(_:color:)`` of its entries.
    public static func text(_ report: ApplyReport, color: Bool = false, entryLines lines: String? = nil) -> String {
        func paint(_ code: String, _ s: String) -> String { Self.paint(code, s, color) }
        var out = lines ?? entryLines(report.entries, color: color)
        if let aborted = report.aborted { out += paint("31", "Stopped: \(aborted)") + "\n" }
        if report.verified {
            if report.remaining.isEmpty {
                out += "Verified: the space matches the roster.\n"
            } else {
                out += "Left to do after verification (\(report.remaining.count)):\n"
                for change in PlanRenderer.ordered(report.remaining) {
                    out += "  \(PlanRenderer.symbol(change.action)) \(PlanRenderer.subject(change))  \(PlanRenderer.detail(change))\n"
                }
            }
        } else {
            out += "Not verified: the live state could not be read after applying.\n"
        }
        let tally = report.tally
        out += "Apply complete: \(tally.created) created, \(tally.updated) updated, \(tally.deleted) deleted."
        if tally.failed > 0 || tally.skipped > 0 { out += " \(tally.failed) failed, \(tally.skipped) skipped." }
        return out + "\n"
    }

    /// The JSON report; `operations`, when given, is ``operations(_:indent:)`` of its entries.
    public static func json(_ report: ApplyReport, operations: JSONValue? = nil) -> JSONValue {
        let tally = report.tally
        var fields: [(String, JSONValue)] = [
            ("format_version", .int(1)),
            ("complete", .bool(report.complete)),
            ("summary", .object([("created", .int(tally.created)), ("updated", .int(tally.updated)), ("deleted", .int(tally.deleted)),
                                 ("failed", .int(tally.failed)), ("skipped", .int(tally.skipped))])),
            ("operations", operations ?? .array(Self.operations(report.entries))),
            ("remaining", .array(PlanRenderer.ordered(report.remaining).map(PlanRenderer.changeJSON))),
        ]
        if let aborted = report.aborted { fields.append(("aborted", .string(aborted))) }
        fields.append(("verified", .bool(report.verified)))
        return .object(fields)
    }

    /// The JSON report's `operations`, rendered for a report rendered with `indent`: they are
    /// final before the verification, so apply renders them while the verifying read is out.
    public static func operations(_ entries: [ApplyReport.Entry], indent: Int) -> JSONValue {
        JSONValue.array(operations(entries)).prerendered(indent: indent, depth: 1)
    }

    static func operations(_ entries: [ApplyReport.Entry]) -> [JSONValue] {
        entries.map { entry in
            var fields: [(String, JSONValue)] = [("mutation", .string(entry.operation.mutation.rawValue)), ("kind", .string(entry.operation.kind.rawValue)),
                                                 ("name", .string(entry.operation.name))]
            if let purpose = entry.operation.purpose { fields.append(("purpose", .string(purpose))) }
            switch entry.status {
            case .applied(let id):
                if let id { fields.append(("id", .int(id))) }
                fields.append(("status", .string("applied")))
            case .failed(let message):
                fields += [("status", .string("failed")), ("error", .string(message))]
            case .skipped(let reason):
                fields += [("status", .string("skipped")), ("reason", .string(reason))]
            }
            return .object(fields)
        }
    }
}
