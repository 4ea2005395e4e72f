import RosterCore
import RosterModel
import RosterReconcile

/// A team's members merged person by person: each person's membership is a value of its own,
/// three ways. The files' change is kept, the space's adopted, and a person both sides put in
/// different teams is a conflict (the files' teams are kept for them).
extension ThreeWayPull {
    /// A team on any of the three sides: the live team it is, or (a team the space lacks) its name.
    enum TeamIdentity: Hashable {
        case live(Int)
        case named(NameKey)
    }

    /// Which teams each live person is in (lead or member), on each side.
    struct Memberships {
        var files: [Int: Set<TeamIdentity>] = [:]
        var base: [Int: Set<TeamIdentity>] = [:]
        var space: [Int: Set<TeamIdentity>] = [:]

        init(files: Roster, base: Roster, ours: Matching, theirs: Matching, index: Index, live: [LiveTeam]) {
            self.files = Self.teams(of: files, index.filesTeamPeople, ours)
            self.base = Self.teams(of: base, index.baseTeamPeople, theirs)
            for team in live {
                for id in team.memberSet { space[id, default: []].insert(.live(team.id)) }
            }
        }

        static func teams(of roster: Roster, _ people: TeamPeople, _ matching: Matching) -> [Int: Set<TeamIdentity>] {
            var teams: [Int: Set<TeamIdentity>] = [:]
            for t in roster.teams.indices {
                let team = matching.teams[t].map { TeamIdentity.live($0.id) } ?? .named(roster.teams[t].key)
                let listed = [people.lead(ofTeam: t)] + people.members(ofTeam: t).map { $0 >= 0 ? Int($0) : nil }
                for case let p? in listed { if let id = matching.people[p]?.id { teams[id, default: []].insert(team) } }
            }
            return teams
        }
    }

    /// The people both sides put in different teams since the base, each a conflict in names.
    mutating func findTeamConflicts(_ memberships: Memberships) {
        let ids = Set(memberships.files.keys).union(memberships.base.keys).union(memberships.space.keys)
        for id in ids.sorted() {
            let f = memberships.files[id] ?? [], b = memberships.base[id] ?? [], s = memberships.space[id] ?? []
            guard f != b, s != b, f != s, index.filesPerson(id) != nil, decided.verdicts[id] == nil else { continue }
            let conflict = Conflict(
                kind: .person, name: personName(id), field: "teams", base: teamNames(b), files: teamNames(f),
                space: teamNames(s))
            switch resolution(conflict) {
            case .files?: pending.append("person \"\(conflict.name)\" teams (the files' taken)")
            case .space?: takenFromSpace.insert(id)
            case nil:
                conflicts.append(conflict)
                keptTeams.insert(id)
            }
        }
    }

    /// `team "Checkout" members`: the files' members with the space's changes to other people.
    mutating func sortMembers(_ decision: PullDecision, at: SourceLocation) {
        // A team that dates changes was written by the one rule of days, its timeline whole.
        guard let t = index.filesTeams[at], let id = ours.teams[t]?.id, let live = teams[id],
            files.teams[t].changes.isEmpty
        else {
            return adopted.append(decision)
        }
        let lead = mergedLead(at) ?? live.leadID
        let written = files.teams[t].members.map(\.value)
        let people = index.filesTeamPeople.members(ofTeam: t)
        let baseMembers = index.baseTeams[id].map { memberIDs(base, index.baseTeamPeople, theirs, $0) } ?? []
        let spaceMembers = live.memberSet.subtracting([live.leadID])
        var kept: [String] = [], listed = Set<Int>(), merged = Set<Int>(), hires = false
        for (reference, p) in zip(written, people) {
            guard p >= 0, let x = ours.people[Int(p)]?.id else {
                // A pending hire stays; someone the space deleted goes with their entry.
                if p < 0 || !removedPeople.contains(Int(p)) {
                    kept.append(reference.text)
                    hires = true
                }
                continue
            }
            listed.insert(x)
            let inBase = baseMembers.contains(x), inSpace = spaceMembers.contains(x)
            guard x != lead, member(x, inFiles: true, inBase: inBase, inSpace: inSpace) else { continue }
            kept.append(nameAdopted(x, Int(p)) ? decided.entries.reference(x) : reference.text)
            merged.insert(x)
        }
        let joining = spaceMembers.union(baseMembers).subtracting(listed).filter {
            $0 != lead && canJoin($0)
                && member($0, inFiles: false, inBase: baseMembers.contains($0), inSpace: spaceMembers.contains($0))
        }
        kept += joining.map(decided.entries.reference).sorted()
        merged.formUnion(joining)
        if kept != written.map(\.text) { adopted.append(.members(entry: at, kept)) }
        if hires || merged != spaceMembers { pending.append("team \"\(files.teams[t].name.value)\" members") }
    }

    /// Whether person `x` is a member after the merge: the files' side when the files changed it
    /// (or a conflict kept it), the space's otherwise.
    private func member(_ x: Int, inFiles: Bool, inBase: Bool, inSpace: Bool) -> Bool {
        if decided.keeps(x) { return inFiles }
        if takenFromSpace.contains(x) { return inSpace }
        if keptTeams.contains(x) { return inFiles }
        return inFiles == inBase ? inSpace : inFiles
    }

    /// Whether someone the space lists may be written into a team: they are in the files, or the
    /// pull appends them (the files did not remove them, pending).
    private func canJoin(_ x: Int) -> Bool {
        index.filesPerson(x) != nil || index.basePeople[x] == nil
    }

    /// Whether the pull takes the space's name for person `x` (entry `p` of the files): the files
    /// did not rename them since the base.
    private func nameAdopted(_ x: Int, _ p: Int) -> Bool {
        guard let b = index.basePeople[x] else { return true }
        return base.people[b].key == files.people[p].key
    }

    /// The team's lead after the merge, when the files name one the space has.
    private func mergedLead(_ at: SourceLocation) -> Int? {
        guard let v = entryValues(at, RosterFormat.TeamKey.lead.name) else { return nil }
        let chosen = v.files == v.base ? v.space : v.files
        return chosen.flatMap { Int($0.dropFirst()) }
    }

    /// The live ids of the people roster team `t` lists as members (the lead aside).
    func memberIDs(_ roster: Roster, _ people: TeamPeople, _ matching: Matching, _ t: Int) -> Set<Int> {
        let lead = people.lead(ofTeam: t).flatMap { matching.people[$0]?.id }
        let ids = people.members(ofTeam: t).compactMap { $0 >= 0 ? matching.people[Int($0)]?.id : nil }
        return Set(ids).subtracting(lead.map { [$0] } ?? [])
    }

    /// A person's name as the pull writes it (the files' spelling where they keep one).
    func personName(_ id: Int) -> String {
        if let p = index.filesPerson(id) { return files.people[p].name.value }
        return decided.entries.names[id] ?? "#\(id)"
    }

    /// Teams by name, sorted: `Checkout, Payments`, or `no team`.
    func teamNames(_ set: Set<TeamIdentity>) -> String {
        let names = set.map { team -> String in
            switch team {
            case .named(let key): return key.value
            case .live(let id):
                if let t = ours.teams.firstIndex(where: { $0?.id == id }) { return files.teams[t].name.value }
                return teams[id].map { LiveEntries.name($0.name) } ?? "#\(id)"
            }
        }
        return names.isEmpty ? "no team" : names.sorted().joined(separator: ", ")
    }
}
