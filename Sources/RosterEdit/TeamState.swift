import RosterModel

/// A team's lead and members as an edit leaves them: each reference as written and the person
/// it names (nil: a new person, or one the roster lacks), and whether each part changed.
struct TeamState {
    struct Reference: Equatable {
        var text: String
        var person: Int?
    }

    var lead: Reference
    var members: [Reference]
    var leadChanged = false
    var membersChanged = false

    /// Team `t` of `roster` as it stands.
    init(_ t: Int, of roster: Roster, _ people: TeamPeople) {
        let team = roster.teams[t]
        lead = Reference(text: team.lead.value.text, person: people.lead(ofTeam: t))
        members = zip(team.members, people.members(ofTeam: t)).map { reference, person in
            Reference(text: reference.value.text, person: person >= 0 ? Int(person) : nil)
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
        guard !members.contains(where: { $0 == reference || ($0.person != nil && $0.person == reference.person) })
        else { return }
        members.append(reference)
        membersChanged = true
    }

    /// `reference` leads; the lead before stays, as a member.
    mutating func setLead(_ reference: Reference) {
        guard lead != reference else { return }
        list(lead)
        if let person = reference.person { unlist(person) }
        lead = reference
        leadChanged = true
    }
}
