import RosterModel

/// A team's lead and members as an edit leaves them: each reference as written and the person
/// it names (nil: a new person, or one the roster lacks), and whether each part changed.
struct TeamState {
    struct Reference: Equatable {
        var text: String
        var person: Int?
        /// Where the team's `members` list has it, for one the list had.
        var index: Int? = nil
    }

    var lead: Reference
    var members: [Reference]
    var leadChanged = false
    var membersChanged = false

    /// Team `t` of `roster` as it stands.
    init(_ t: Int, of roster: Roster, _ people: TeamPeople) {
        let team = roster.teams[t]
        lead = Reference(text: team.lead.value.text, person: people.lead(ofTeam: t))
        members = zip(team.members, people.members(ofTeam: t)).enumerated().map { i, pair in
            Reference(text: pair.0.value.text, person: pair.1 >= 0 ? Int(pair.1) : nil, index: i)
        }
    }

    /// Whether `person` leads the team or is listed in it.
    func has(_ person: Int) -> Bool { lead.person == person || isListed(person) }

    func isListed(_ person: Int) -> Bool { members.contains { $0.person == person } }

    /// Takes `person` off the members list.
    mutating func unlist(_ person: Int) {
        guard isListed(person) else { return }
        members.removeAll { $0.person == person }
        membersChanged = true
    }

    /// Lists `reference` as a member, unless it is.
    mutating func list(_ reference: Reference) {
        guard
            !members.contains(where: {
                $0.text == reference.text || ($0.person != nil && $0.person == reference.person)
            })
        else { return }
        members.append(Reference(text: reference.text, person: reference.person))
        membersChanged = true
    }

    /// Writes every reference to `person` as `text` (a pinned id added or changed); with
    /// `pinnedOnly`, only those written with an id.
    mutating func rewrite(_ person: Int, as text: String, pinnedOnly: Bool = false) {
        let rewrites = { (old: String) in old != text && (!pinnedOnly || PersonReference(parsing: old).id != nil) }
        if lead.person == person && rewrites(lead.text) {
            lead.text = text
            leadChanged = true
        }
        for i in members.indices where members[i].person == person && rewrites(members[i].text) {
            members[i].text = text
            membersChanged = true
        }
    }

    /// The list's edits: the items that go, those written anew, and those that come.
    func listEdits(originally count: Int) -> (removing: Set<Int>, replacing: [Int: String], appending: [String]) {
        let kept = Set(members.compactMap(\.index))
        var replacing: [Int: String] = [:]
        for member in members { if let i = member.index { replacing[i] = member.text } }
        return (
            Set(0..<count).subtracting(kept), replacing, members.filter { $0.index == nil }.map(\.text)
        )
    }

    /// `reference` leads; the lead before stays, as a member.
    mutating func setLead(_ reference: Reference) {
        guard lead.text != reference.text || lead.person != reference.person else { return }
        list(lead)
        if let person = reference.person { unlist(person) }
        lead = reference
        leadChanged = true
    }
}
