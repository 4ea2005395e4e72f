@testable import RosterEdit
@testable import RosterModel
@testable import RosterTestSupport

/// The edits the property test makes: any of them, on names the roster has, with a successor
/// who is in no team when a lead leaves (so that no edit breaks the one-team rule).
extension EditPropertyTests {
    static func edit(_ model: EditModel, _ rng: inout SplitMix64) -> RosterEdit? {
        let people = model.people.keys.sorted(), teams = model.teams.keys.sorted()
        let free = people.filter { model.teams(of: $0).isEmpty }
        let leads = Set(model.teams.values.map(\.lead))
        switch Int.random(in: 0..<10, using: &rng) {
        case 0 where !people.isEmpty && !teams.isEmpty:
            let p = people.randomElement(using: &rng) ?? "", t = teams.randomElement(using: &rng) ?? ""
            let role: TeamRole = Bool.random(using: &rng) ? .lead : .member
            let leaves = model.teams(of: p).contains { model.teams[$0]?.lead == p && ($0 != t || role == .member) }
            let successor = leaves ? people.filter { $0 != p && !leads.contains($0) }.randomElement(using: &rng) : nil
            if leaves && successor == nil { return nil }
            return .move(person: p, team: t, role: role, successor: successor)
        case 1:
            let team = Bool.random(using: &rng) ? teams.randomElement(using: &rng) : nil
            return .addPerson(
                NewPerson(
                    name: "New \(Int.random(in: 0..<1000, using: &rng))", craft: .engineering,
                    level: JobLevel.allCases.randomElement(using: &rng),
                    focus: Focus.allCases.randomElement(using: &rng),
                    levelStartDate: Bool.random(using: &rng) ? Day(year: 2025, month: 3, day: 1) : nil, team: team,
                    role: Bool.random(using: &rng) ? .lead : .member))
        case 2 where !people.isEmpty:
            let changes = PersonChanges(
                level: Bool.random(using: &rng) ? JobLevel.allCases.randomElement(using: &rng) : nil,
                focus: Bool.random(using: &rng) ? Focus.allCases.randomElement(using: &rng) : .mobile,
                levelStartDate: Bool.random(using: &rng) ? nil : .value(Day(year: 2026, month: 1, day: 2)))
            return .setPerson(people.randomElement(using: &rng) ?? "", changes)
        case 3 where !people.isEmpty:
            let to = "Renamed \(Int.random(in: 0..<10_000, using: &rng))"
            return model.people[to] == nil
                ? .rename(.person, from: people.randomElement(using: &rng) ?? "", to: to) : nil
        case 4 where !teams.isEmpty:
            let to = "Team R\(Int.random(in: 0..<10_000, using: &rng))"
            return model.teams[to] == nil ? .rename(.team, from: teams.randomElement(using: &rng) ?? "", to: to) : nil
        case 5 where !people.isEmpty:
            let p = people.randomElement(using: &rng) ?? ""
            guard leads.contains(p) else { return .removePerson(p) }
            let candidates = Bool.random(using: &rng) ? free : people.filter { !leads.contains($0) }
            guard let successor = candidates.filter({ $0 != p }).randomElement(using: &rng) else { return nil }
            return .removePerson(p, successor: successor)
        case 6 where !teams.isEmpty: return .removeTeam(teams.randomElement(using: &rng) ?? "")
        case 7:
            let candidates = people.filter { !leads.contains($0) }
            guard let lead = candidates.randomElement(using: &rng) else { return nil }
            let members = candidates.filter { $0 != lead && Bool.random(using: &rng) }
            let name = "Team N\(Int.random(in: 0..<10_000, using: &rng))"
            return model.teams[name] == nil ? .addTeam(name: name, lead: lead, members: members) : nil
        case 8 where !teams.isEmpty:
            // A lead and members from people who lead no other team (a move needs no successor).
            let t = teams.randomElement(using: &rng) ?? ""
            let free = people.filter { !leads.contains($0) || model.teams[t]?.lead == $0 }
            let lead = Bool.random(using: &rng) ? free.randomElement(using: &rng) : nil
            let members = Bool.random(using: &rng) ? free.filter { _ in Bool.random(using: &rng) } : nil
            return lead == nil && members == nil ? nil : .setTeam(t, lead: lead, members: members)
        default:
            return .setLevel(JobLevel.allCases.randomElement(using: &rng) ?? .mid, limitMonths: 30)
        }
        return nil
    }
}
