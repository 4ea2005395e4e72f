import RosterApply
import RosterCore
import RosterReconcile

/// The end of apply's report in people's words: `Leo Santos moved to Backend Services.`, one
/// line a person, and how many of each kind; who the plan meant to change and did not is said
/// apart.
enum PeopleReport {
    /// At most this many people are named; the rest are counted.
    static let named = 30

    static func text(_ report: ApplyReport) -> String {
        guard let view = report.people, !view.stories.isEmpty else { return "" }
        let flags = report.done(view)
        let done = zip(view.stories, flags).filter { $0.1 }.map(\.0)
        let notDone = zip(view.stories, flags).filter { !$0.1 }.map(\.0)
        var out = "People: " + counts(done) + ".\n"
        for story in done.prefix(named) { out += "  " + TerminalText.escape(sentence(story)) + "\n" }
        if done.count > named { out += "  … and \(done.count - named) more.\n" }
        if !notDone.isEmpty {
            out +=
                "Not done for \(notDone.count) \(notDone.count == 1 ? "person" : "people"): "
                + TerminalText.escape(notDone.prefix(named).map(\.name).joined(separator: ", "))
                + (notDone.count > named ? ", …" : "") + " (see the operations above).\n"
        }
        return out
    }

    /// `{"moved": 2, "promoted": 1, "joined": 1, "left": 0, …, "notDone": [{"name", "id", "kind"}]}`:
    /// how many of each kind were done, and who was not (the plan's JSON holds everyone's story).
    static func json(_ report: ApplyReport) -> JSONValue {
        guard let view = report.people else { return .null }
        let flags = report.done(view)
        var counts: [PersonStory.Kind: Int] = [:]
        var notDone: [JSONValue] = []
        for (story, done) in zip(view.stories, flags) {
            if done {
                for kind in story.kinds { counts[kind, default: 0] += 1 }
            } else {
                notDone.append(
                    .object([
                        ("name", .string(story.name)), ("id", story.id.map(JSONValue.int) ?? .null),
                        ("kind", .string(story.kind.key)),
                    ]))
            }
        }
        return .object(
            PersonStory.Kind.allCases.map { ($0.key, .int(counts[$0] ?? 0)) } + [("notDone", .array(notDone))])
    }

    /// `3 moved, 1 promoted, 1 joined, 0 left` and the other kinds that occur.
    static func counts(_ stories: [PersonStory]) -> String {
        let count = { (kind: PersonStory.Kind) in stories.filter { $0.kinds.contains(kind) }.count }
        var parts = [
            "\(count(.moves)) moved", "\(count(.promoted)) promoted", "\(count(.joins)) joined",
            "\(count(.leaves)) left",
        ]
        if count(.leavesTeam) > 0 { parts.append("\(count(.leavesTeam)) in no team now") }
        if count(.levelChanged) > 0 { parts.append("\(count(.levelChanged)) changed level") }
        if count(.other) > 0 { parts.append("\(count(.other)) otherwise changed") }
        return parts.joined(separator: ", ")
    }

    /// What happened to one person, as a sentence.
    static func sentence(_ story: PersonStory) -> String {
        let to = story.to.map { $0.team + ($0.role == .lead ? ", as its lead" : "") }.joined(separator: " and ")
        var text: String
        switch story.kind {
        case .joins: text = "\(story.name) joined" + (to.isEmpty ? "" : ", in \(to)")
        case .leaves: text = "\(story.name) was removed"
        case .leavesTeam: text = "\(story.name) left \(story.from.map(\.team).joined(separator: " and "))"
        case .moves:
            if let from = story.from.first, let into = story.to.first, story.from.count == 1, story.to.count == 1,
                from.teamID != nil, from.teamID == into.teamID
            {
                text = "\(story.name) is now \(into.role == .lead ? "the lead" : "a member") of \(into.team)"
            } else {
                text = "\(story.name) moved to \(to.isEmpty ? "no team" : to)"
            }
        case .promoted, .levelChanged:
            text = "\(story.name) is now \(story.level?.to.rawValue ?? "")"
        case .other: text = "\(story.name) was updated"
        }
        if story.kind != .promoted && story.kind != .levelChanged, let level = story.level {
            text += " and is now \(level.to.rawValue)"
        }
        return text + "."
    }
}
