import RosterCore

/// `rules:`: the organisation's own rules, checked by `validate` and `plan`; each broken rule is
/// reported at the entry that breaks it, with the rule's severity.
package struct Rules: Sendable {
    /// One rule's value and severity.
    package struct Rule<Value: Sendable>: Sendable {
        package var value: Value
        var severity: Severity
    }

    var maxTeamSize: Rule<Int>?
    var minTeamSize: Rule<Int>?
    /// The most people a lead may have in the teams they lead, themselves aside.
    package var maxSpanOfControl: Rule<Int>?
    var leadMinLevel: Rule<JobLevel>?
    package var requireLevelStartDate: Rule<Bool>?
    var requireFocus: Rule<[Craft]>?
    var location: SourceLocation?

    init() {}

    /// The broken rules of `roster` (whose team references are resolved).
    func check(_ roster: Roster, _ people: TeamPeople) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (t, team) in roster.teams.enumerated() {
            let size = 1 + people.members(ofTeam: t).filter { $0 >= 0 && Int($0) != people.lead(ofTeam: t) }.count
            let name = TerminalText.escape(team.name.value)
            if let rule = maxTeamSize, size > rule.value {
                out.append(
                    Diagnostic(
                        .maxTeamSize,
                        rule.severity, at: team.name.location,
                        "team \"\(name)\" has \(size) members, more than rules.maxTeamSize \(rule.value)"))
            }
            if let rule = minTeamSize, size < rule.value {
                out.append(
                    Diagnostic(
                        .minTeamSize,
                        rule.severity, at: team.name.location,
                        "team \"\(name)\" has \(size) \(size == 1 ? "member" : "members"), fewer than "
                            + "rules.minTeamSize \(rule.value)"
                    ))
            }
            if let rule = leadMinLevel, let lead = people.lead(ofTeam: t), roster.people[lead].level < rule.value {
                out.append(
                    Diagnostic(
                        .leadMinLevel,
                        rule.severity, at: team.lead.location,
                        "lead \"\(TerminalText.escape(team.lead.value.text))\" of team \"\(name)\" is "
                            + "\(roster.people[lead].level.rawValue), "
                            + "below rules.leadMinLevel \(rule.value.rawValue)"))
            }
        }
        for person in roster.people { out += check(person) }
        return out + checkSpans(roster, people)
    }

    /// Each lead whose teams hold more than `maxSpanOfControl` people, reported at the lead of the
    /// first team they lead.
    private func checkSpans(_ roster: Roster, _ people: TeamPeople) -> [Diagnostic] {
        guard let rule = maxSpanOfControl else { return [] }
        var led: [Int: (first: Int, people: Set<Int>, teams: Int)] = [:]
        for t in roster.teams.indices {
            guard let lead = people.lead(ofTeam: t) else { continue }
            let members = people.members(ofTeam: t).filter { $0 >= 0 && Int($0) != lead }.map(Int.init)
            led[lead, default: (t, [], 0)].people.formUnion(members)
            led[lead, default: (t, [], 0)].teams += 1
        }
        return led.filter { $0.value.people.count > rule.value }.sorted { $0.value.first < $1.value.first }.map {
            let team = roster.teams[$0.value.first]
            let teams = $0.value.teams == 1 ? "team" : "\($0.value.teams) teams"
            return Diagnostic(
                .maxSpanOfControl, rule.severity, at: team.lead.location,
                "lead \"\(TerminalText.escape(team.lead.value.text))\" has \($0.value.people.count) people in their "
                    + "\(teams), more than rules.maxSpanOfControl \(rule.value)")
        }
    }

    private func check(_ person: PersonEntry) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let name = TerminalText.escape(person.name.value)
        if let rule = requireLevelStartDate, rule.value, person.levelStartDate.value == nil {
            out.append(
                Diagnostic(
                    .requireLevelStartDate,
                    rule.severity, at: person.name.location,
                    "person \"\(name)\" states no levelStartDate, which rules.requireLevelStartDate asks for"))
        }
        if let rule = requireFocus, rule.value.contains(person.craft), person.focus == .notApplicable {
            out.append(
                Diagnostic(
                    .requireFocus,
                    rule.severity, at: person.name.location,
                    "person \"\(name)\" (\(person.craft.rawValue)) states no focus, which rules.requireFocus asks for"))
        }
        return out
    }
}
