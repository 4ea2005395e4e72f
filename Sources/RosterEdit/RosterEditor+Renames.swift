import RosterCore
import RosterFiles
import RosterModel

/// Renames: the new name on the entry, the old one kept in `previously:` so that the plan renames
/// (never a delete and a create), and every reference to the old name rewritten.
extension RosterEditor {
    mutating func renamePerson(_ from: String, _ to: String) throws(EditRefusal) {
        if let done = alreadyRenamed(from, to, roster.people.map { ($0.key, $0.previously) }) {
            nothingToChange("\(roster.people[done].name.value) is already called that")
            return
        }
        let p = try person(from)
        let person = roster.people[p]
        try refuseTaken(to, by: roster.people.firstIndex { $0.key == NameKey(to) }, kind: "person", except: p)
        rename(at: person.location, person.name.value, to, formerly: person.previously)
        let renamed = PersonReference(parsing: reference(p)).id.map { "\(to) (#\($0))" } ?? to
        for t in teams(of: p) {
            var team = state(t)
            if team.lead.person == p {
                team.lead.text = renamed
                team.leadChanged = true
            }
            if let i = team.members.firstIndex(where: { $0.person == p }) {
                team.members[i].text = renamed
                team.membersChanged = true
            }
            teams[t] = team
        }
        renamePolicyNames(kind: "people", person.name.value, to)
        summary.append("\(person.name.value): renamed \(to) (was \"\(person.name.value)\", kept in previously)")
    }

    mutating func renameTeam(_ from: String, _ to: String) throws(EditRefusal) {
        if let done = alreadyRenamed(from, to, roster.teams.map { ($0.key, $0.previously) }) {
            nothingToChange("team \(roster.teams[done].name.value) is already called that")
            return
        }
        let t = try team(from)
        let team = roster.teams[t]
        try refuseTaken(to, by: roster.teams.firstIndex { $0.key == NameKey(to) }, kind: "team", except: t)
        rename(at: team.location, team.name.value, to, formerly: team.previously)
        renamePolicyNames(kind: "teams", team.name.value, to)
        summary.append("team \(team.name.value): renamed \(to) (was \"\(team.name.value)\", kept in previously)")
    }

    /// The entry at `location` (a person's or a team's: both write `name` and `previously`) gets the
    /// name `new`, with `old` added to its former names.
    mutating func rename(at location: SourceLocation, _ old: String, _ new: String, formerly: [Located<String>]) {
        edit(location) { editor, node in
            editor.setField(node, RosterFormat.PersonKey.name.name, .text(new))
            editor.setList(node, RosterFormat.PersonKey.previously.name, Self.formers(formerly, adding: old, new))
        }
    }

    /// The entry already called `to` that was called `from`, if the rename was made.
    func alreadyRenamed(_ from: String, _ to: String, _ entries: [(NameKey, [Located<String>])]) -> Int? {
        let old = NameKey(from), new = NameKey(to)
        return entries.firstIndex { key, formers in
            key == new && (old == new || formers.contains { NameKey($0.value) == old })
        }
    }

    func refuseTaken(_ name: String, by other: Int?, kind: String, except: Int) throws(EditRefusal) {
        guard let other, other != except else { return }
        let location = kind == "person" ? roster.people[other].location : roster.teams[other].location
        throw EditRefusal(.editExists, "a \(kind) \"\(name)\" is already in the roster", at: location)
    }

    /// The former names with `old` added and `new` (a name it takes back) taken out.
    static func formers(_ previously: [Located<String>], adding old: String, _ new: String) -> [String] {
        previously.map(\.value).filter { NameKey($0) != NameKey(new) && NameKey($0) != NameKey(old) } + [old]
    }

    /// `policy.protected` and `policy.ignore` lists of `kind` that name `old` name `new`.
    mutating func renamePolicyNames(kind: String, _ old: String, _ new: String) {
        let lists = [
            ("protected", kind == "people" ? roster.policy.protectedPeople : roster.policy.protectedTeams),
            ("ignore", kind == "people" ? roster.policy.ignorePeople : roster.policy.ignoreTeams),
        ]
        for (section, names) in lists where names.contains(where: { NameKey($0.value) == NameKey(old) }) {
            guard let file = names.first?.location.file else { continue }
            let renamed = names.map { NameKey($0.value) == NameKey(old) ? new : $0.value }
            editors[file]?.setPolicyList(section, kind, renamed)
        }
    }
}
