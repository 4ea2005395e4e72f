import RosterCore
import RosterModel

/// The words of an organisation page: a person's name with their history, their time in level,
/// an event.
enum OrgPageText {
    /// The name; with a history, a disclosure that opens on it (readable, and printed, without script).
    static func who(_ person: OrgPage.Person) -> String {
        let name = HTMLText.name(person.name) + (person.id.map { " <small>#\($0)</small>" } ?? "")
        guard !person.history.isEmpty else { return name }
        let items = person.history.map { "<li>\($0.day) \(HTMLText.escape(words($0.event)))</li>" }
        return "<details><summary>\(name)</summary><ul>" + items.joined() + "</ul></details>"
    }

    /// `14 months`, `27 months, over the 24-month limit`, `starts 2027-01-01`, or `—` with no date.
    static func timeInLevel(_ person: OrgPage.Person, _ asOf: Day) -> String {
        guard let since = person.since, let months = person.months else { return "—" }
        if since > asOf { return "starts \(since)" }
        let time = "\(months) \(months == 1 ? "month" : "months")"
        guard person.isOver, let limit = person.limit else { return time }
        return "\(time), over the \(limit)-month limit"
    }

    /// `joined Payments`, `moved Search → Discovery`, `promoted Mid → Senior`, …
    static func words(_ event: OrgPage.Event) -> String {
        switch event {
        case .joined(let teams): teams.isEmpty ? "joined" : "joined " + teams.joined(separator: ", ")
        case .left: "left"
        case .moved(let from, let to):
            to.isEmpty
                ? "left \(from.joined(separator: ", ")) for no team"
                : from.isEmpty
                    ? "joined \(to.joined(separator: ", "))"
                    : "moved \(from.joined(separator: ", ")) → \(to.joined(separator: ", "))"
        case .level(let from, let to): "\(to > from ? "promoted" : "level") \(from.rawValue) → \(to.rawValue)"
        case .renamed(let old): "renamed from \(old)"
        case .teamStarts: "(team) starts"
        case .teamEnds: "(team) ends"
        }
    }
}
