import RosterCore
import RosterModel
import RosterReconcile

extension LogRenderer {
    /// Each entry's heading, then its people and its teams and levels, a line each, and what a
    /// commit decided for later days; then the quarters' counts and who is in no team now.
    package static func text(_ entries: [Entry], inNoTeam: [String]?, color: Bool) -> String {
        guard !entries.isEmpty else { return "No changes to the roster's people in this history.\n" }
        var out = ""
        for entry in entries {
            out += TerminalText.escape(heading(entry)) + "\n"
            out += lines(entry.told, indent: "    ", color: color)
            for (day, told) in entry.decided {
                out += "    Decided for \(day):\n" + lines(told, indent: "      ", color: color)
            }
            if case .commit(let commit) = entry.source, !commit.merged.isEmpty {
                out += "    Merged \(commit.merged.count) \(commit.merged.count == 1 ? "commit" : "commits"):\n"
                for (id, subject) in commit.merged {
                    out += TerminalText.escape("      \(id.prefix(12))  \(subject)") + "\n"
                }
            }
            out += "\n"
        }
        out += "Summary\n"
        for (period, counts) in periods(entries) { out += "  \(period): \(words(counts))\n" }
        if let inNoTeam {
            out +=
                TerminalText.escape(
                    "In no team now: \(inNoTeam.count)" + (inNoTeam.isEmpty ? "" : " (\(listed(inNoTeam)))")) + "\n"
        }
        return out
    }

    /// `3f2a1b9c0d1e  2026-10-01  Ana  Reorganise search`, or `2026-10-15  takes effect (decided
    /// in 3f2a1b9c0d1e)`.
    static func heading(_ entry: Entry) -> String {
        switch entry.source {
        case .commit(let c): "\(c.id.prefix(12))  \(entry.day)  \(c.author)  \(c.subject)"
        case .day(let commits):
            "\(entry.day)  dated changes take effect"
                + (commits.isEmpty
                    ? "" : " (decided in \(commits.map { String($0.prefix(12)) }.joined(separator: ", ")))")
        }
    }

    static func lines(_ told: Told, indent: String, color: Bool) -> String {
        PeopleText.lines(told.stories.map(PeopleText.row), indent: indent, color: color)
            + PeopleText.lines(told.rest.compactMap(PeopleText.remainder), indent: indent, color: color)
    }

    /// The first names, then how many more.
    static func listed(_ names: [String]) -> String {
        names.prefix(5).joined(separator: ", ") + (names.count > 5 ? ", and \(names.count - 5) more" : "")
    }

    /// Each quarter (`2026 Q3`) with how many people of each kind of change took effect in it, in
    /// date order: what a commit decided for later days counts on its day, not the commit's.
    static func periods(_ entries: [Entry]) -> [(String, [PersonStory.Kind: Int])] {
        var order: [String] = [], counts: [String: [PersonStory.Kind: Int]] = [:]
        for entry in entries {
            let text = entry.day.description
            let month = Int(text.dropFirst(5).prefix(2)) ?? 1
            let period = "\(text.prefix(4)) Q\((month - 1) / 3 + 1)"
            if counts[period] == nil { order.append(period) }
            for story in entry.told.stories {
                for kind in story.kinds { counts[period, default: [:]][kind, default: 0] += 1 }
            }
        }
        return order.map { ($0, counts[$0] ?? [:]) }
    }

    /// `5 joined, 3 left, 17 moved, 8 promoted` and the other kinds that occur.
    static func words(_ counts: [PersonStory.Kind: Int]) -> String {
        var parts = [
            "\(counts[.joins] ?? 0) joined", "\(counts[.leaves] ?? 0) left", "\(counts[.moves] ?? 0) moved",
            "\(counts[.promoted] ?? 0) promoted",
        ]
        if let n = counts[.leavesTeam] { parts.append("\(n) left their team for none") }
        if let n = counts[.levelChanged] { parts.append("\(n) changed level") }
        if let n = counts[.other] { parts.append("\(n) otherwise changed") }
        return parts.joined(separator: ", ")
    }

    /// `{"format_version": 1, "commits": [{"commit", "day", "date", "author", "subject", "merged",
    /// "people", "changes", "scheduled"}], "days": [{"day", "decidedIn", "people", "changes"}],
    /// "periods": [{"period", "joins", …}], "inNoTeam": […] or null, "skipped": […]}`.
    package static func json(_ entries: [Entry], inNoTeam: [String]?, skipped: [String]) -> String {
        var commits: [JSONValue] = [], days: [JSONValue] = []
        for entry in entries {
            let told = [
                ("people", .array(entry.told.stories.map(PeopleViewRenderer.json))),
                ("changes", changesJSON(entry.told)),
            ]
            switch entry.source {
            case .commit(let c):
                let merged = c.merged.map {
                    JSONValue.object([("commit", .string($0.id)), ("subject", .string($0.subject))])
                }
                let scheduled = entry.decided.map { day, told in
                    JSONValue.object(
                        [
                            ("on", .string(day.description)),
                            ("people", .array(told.stories.map(PeopleViewRenderer.json))),
                            ("changes", changesJSON(told)),
                        ])
                }
                commits.append(
                    .object(
                        [
                            ("commit", .string(c.id)), ("day", .string(entry.day.description)),
                            ("date", .string(c.date)),
                            ("author", .string(c.author)), ("subject", .string(c.subject)), ("merged", .array(merged)),
                        ]
                            + told + [("scheduled", .array(scheduled))]))
            case .day(let decidedIn):
                days.append(
                    .object(
                        [
                            ("day", .string(entry.day.description)),
                            ("decidedIn", .array(decidedIn.map(JSONValue.string))),
                        ]
                            + told))
            }
        }
        let periods = periods(entries).map { period, counts in
            JSONValue.object(
                [("period", .string(period))] + PersonStory.Kind.allCases.map { ($0.key, .int(counts[$0] ?? 0)) })
        }
        return JSONEnvelope.wrap([
            ("commits", .array(commits)), ("days", .array(days)), ("periods", .array(periods)),
            ("inNoTeam", inNoTeam.map { .array($0.map(JSONValue.string)) } ?? .null),
            ("skipped", .array(skipped.map(JSONValue.string))),
        ]).rendered(indent: 2) + "\n"
    }

    static func changesJSON(_ told: Told) -> JSONValue { .array(told.rest.map(PlanRenderer.changeJSON)) }
}
