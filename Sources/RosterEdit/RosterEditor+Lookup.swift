import RosterCore
import RosterModel

/// Finding what an edit names: a person by name or `Name (#id)`, a team by name; a refusal with
/// "did you mean" for a name the roster lacks, and the candidates for one several entries share.
extension RosterEditor {
    /// The index of the person `name` names.
    func person(_ name: String) throws(EditRefusal) -> Int {
        let reference = PersonReference(parsing: name)
        switch people.resolve(reference) {
        case .found(let index): return index
        case .ambiguous(let all):
            let candidates = all.map { roster.people[$0].reference }.map { "\"\($0)\"" }.joined(separator: ", ")
            throw EditRefusal(
                .editAmbiguous, "\(all.count) people are called \"\(name)\": name one as \(candidates)",
                at: roster.people[all[0]].location)
        case .former(let index):
            let now = roster.people[index]
            throw EditRefusal(
                .editUnknownName, "no person \"\(name)\" in the roster; \"\(now.name.value)\" was called that",
                at: now.location)
        case .notFound:
            // The name came from the command line: the error points at the name it is near, if any.
            let near = Suggestions.nearest(to: name, among: roster.people.lazy.map(\.name.value))
            throw EditRefusal(
                .editUnknownName,
                "no person \"\(name)\" in the roster"
                    + Suggestions.didYouMean(name, among: roster.people.lazy.map(\.name.value)),
                at: near.flatMap { near in roster.people.first { $0.name.value == near }?.name.location })
        }
    }

    /// The index of the team `name` names (`Name (#id)` for one of several teams of a name).
    func team(_ name: String) throws(EditRefusal) -> Int {
        let reference = PersonReference(parsing: name)
        let matches = roster.teams.indices.filter { i in
            roster.teams[i].key == reference.key && (reference.id == nil || roster.teams[i].id?.value == reference.id)
        }
        if matches.count == 1 { return matches[0] }
        if matches.count > 1 {
            let candidates = matches.map { teamReference($0) }.map { "\"\($0)\"" }.joined(separator: ", ")
            throw EditRefusal(
                .editAmbiguous, "\(matches.count) teams are called \"\(name)\": name one as \(candidates)",
                at: roster.teams[matches[0]].location)
        }
        if let former = roster.teams.firstIndex(where: { $0.previously.contains { NameKey($0.value) == reference.key } }
        ) {
            throw EditRefusal(
                .editUnknownName,
                "no team \"\(name)\" in the roster; \"\(roster.teams[former].name.value)\" was called that",
                at: roster.teams[former].location)
        }
        let near = Suggestions.nearest(to: name, among: roster.teams.lazy.map(\.name.value))
        throw EditRefusal(
            .editUnknownName,
            "no team \"\(name)\" in the roster"
                + Suggestions.didYouMean(name, among: roster.teams.lazy.map(\.name.value)),
            at: near.flatMap { near in roster.teams.first { $0.name.value == near }?.name.location })
    }

    /// The person or team entry that has exactly this name, for an edit that adds one: a name near
    /// another is a new one, not a typo.
    func exactly(_ name: String, among keys: [NameKey]) -> Int? {
        let key = PersonReference(parsing: name).key
        return keys.firstIndex(of: key) ?? keys.firstIndex(of: NameKey(name))
    }

    /// The person of this name, or nil (with the nearest name, if any) when the roster has none:
    /// for a removal, which is idempotent.
    func findPerson(_ name: String) throws(EditRefusal) -> (Int?, near: String?) {
        do throws(EditRefusal) { return (try person(name), nil) } catch {
            guard error.diagnostics.first?.code == .editUnknownName else { throw error }
            return (nil, Suggestions.nearest(to: name, among: roster.people.lazy.map(\.name.value)))
        }
    }

    /// The team of this name, or nil (with the nearest name, if any): for a removal.
    func findTeam(_ name: String) throws(EditRefusal) -> (Int?, near: String?) {
        do throws(EditRefusal) { return (try team(name), nil) } catch {
            guard error.diagnostics.first?.code == .editUnknownName else { throw error }
            return (nil, Suggestions.nearest(to: name, among: roster.teams.lazy.map(\.name.value)))
        }
    }

    /// How a team refers to person `index`: `Name`, or `Name (#id)` when others share the name.
    func reference(_ index: Int) -> String {
        let person = roster.people[index]
        guard let id = person.id?.value else { return person.name.value }
        let shared = roster.people.contains { $0.key == person.key && $0.id?.value != id }
        return shared ? "\(person.name.value) (#\(id))" : person.name.value
    }

    func teamReference(_ index: Int) -> String {
        let team = roster.teams[index]
        return team.id.map { "\(team.name.value) (#\($0.value))" } ?? team.name.value
    }

    /// The teams person `index` leads or is a member of, in roster order.
    func teams(of index: Int) -> [Int] {
        roster.teams.indices.filter { t in
            teamPeople.lead(ofTeam: t) == index || teamPeople.members(ofTeam: t).contains(Int32(index))
        }
    }
}
