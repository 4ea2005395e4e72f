import Testing

@testable import RosterCore
@testable import RosterModel

/// `rules:`, the organisation's own rules: each broken rule at the entry that breaks it, with the
/// rule's severity and the rule named in the message.
@Suite struct RulesTests {
    static let roster = """
        version: 1
        defaults: { craft: Engineering, focus: Backend }
        people:
          - { name: Ana, level: Junior, levelStartDate: 2024-01-01 }
          - { name: Ben, level: Mid }
          - { name: Cy, level: Senior, focus: NotApplicable, levelStartDate: 2024-01-01 }
        teams:
          - { name: Red, lead: Ana, members: [Ben, Cy] }
        """

    func load(_ rules: String) -> [String] {
        let text = Self.roster + "\nrules: " + rules + "\n"
        let result = RosterLoader().load(texts: [(path: "rules.yaml", bytes: Array(text.utf8))])
        return result.diagnostics.map { d in
            "\(d.location?.line ?? 0):\(d.location?.column ?? 0) \(d.severity == .error ? "error" : "warning") \(d.message)"
        }
    }

    @Test func teamSizesAreCheckedAtTheTeamsName() {
        #expect(load("{ maxTeamSize: 2 }") == ["8:13 error team \"Red\" has 3 members, more than rules.maxTeamSize 2"])
        #expect(load("{ minTeamSize: 4 }") == ["8:13 error team \"Red\" has 3 members, fewer than rules.minTeamSize 4"])
        #expect(load("{ maxTeamSize: 3, minTeamSize: 3 }").isEmpty)
    }

    @Test func aLeadOfTooManyPeopleIsReportedAtTheirFirstTeamsLead() {
        #expect(
            load("{ maxSpanOfControl: 1 }") == [
                "8:24 error lead \"Ana\" has 2 people in their team, more than rules.maxSpanOfControl 1"
            ])
        #expect(load("{ maxSpanOfControl: 2 }").isEmpty)
        // Across the teams a lead leads, each person counted once.
        let text =
            Self.roster + """

                  - { name: Blue, lead: Ana, members: [Cy] }
                policy: { oneTeamPerPerson: false }
                rules: { maxSpanOfControl: 1, severity: warning }

                """
        let result = RosterLoader().load(texts: [(path: "rules.yaml", bytes: Array(text.utf8))])
        #expect(
            result.diagnostics.map(\.message) == [
                "lead \"Ana\" has 2 people in their 2 teams, more than rules.maxSpanOfControl 1"
            ])
    }

    @Test func aLeadBelowTheLevelIsReportedAtTheLead() {
        #expect(
            load("{ leadMinLevel: Senior }") == [
                "8:24 error lead \"Ana\" of team \"Red\" is Junior, below rules.leadMinLevel Senior"
            ])
    }

    @Test func peopleRulesAreReportedAtTheirNames() {
        let found = load("{ requireLevelStartDate: true, requireFocus: [Engineering] }")
        #expect(found.count == 2, "\(found)")
        #expect(found.contains { $0.hasPrefix("5:13 error") && $0.contains("levelStartDate") }, "\(found)")
        #expect(found.contains { $0.hasPrefix("6:13 error") && $0.contains("focus") }, "\(found)")
    }

    @Test func severityIsTheRulesOwnOrTheDefault() {
        let warnings = load("{ maxTeamSize: 2, severity: warning }")
        #expect(warnings.count == 1 && warnings[0].contains(" warning "), "\(warnings)")
        let mixed = load("{ maxTeamSize: { value: 2, severity: warning }, leadMinLevel: Senior }")
        #expect(
            mixed.filter { $0.contains(" warning ") }.count == 1 && mixed.filter { $0.contains(" error ") }.count == 1)
    }
}
