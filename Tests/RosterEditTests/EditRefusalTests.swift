import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel

/// Edits that are refused: each says why, where, with a code, and changes nothing.
@Suite struct EditRefusalTests {
    func refusal(_ edit: RosterEdit, in fixture: EditFixture) -> Diagnostic? {
        let refused = fixture.refusal(edit)
        #expect(refused != nil, "\(edit) was not refused")
        return refused?.diagnostics.first
    }

    /// The name came from the command line: the error points at the nearest name's entry.
    @Test func anUnknownTeamIsNamedWithTheNearestWhereItStands() throws {
        let acme = try EditFixture(example: "acme.yaml")
        let refused = refusal(.move(person: "Leo Santos", team: "Platfrom Infra", role: .member), in: acme)
        #expect(refused?.code == .editUnknownName)
        #expect(refused?.message == "no team \"Platfrom Infra\" in the roster; did you mean \"Platform Infra\"?")
        #expect(refused.map { "\($0.location?.file ?? ""):\($0.location?.line ?? 0)" } == "acme.yaml:45")
        let person = refusal(.setPerson("Leo Santso", PersonChanges(level: .mid)), in: acme)
        #expect(person?.message == "no person \"Leo Santso\" in the roster; did you mean \"Leo Santos\"?")
        // A removal is idempotent: a name the roster lacks changes nothing, and the nearest is named.
        var copy = acme
        #expect(
            try copy.apply(.removePerson("Leo Santso")).summary == [
                "nothing to change: no person \"Leo Santso\" in the roster (the nearest is \"Leo Santos\")"
            ])
        #expect(
            try copy.apply(.removePerson("Nobody At All")).summary == [
                "nothing to change: no person \"Nobody At All\" in the roster"
            ])
    }

    @Test func aLeadLeavesOnlyWithASuccessor() throws {
        let acme = try EditFixture(example: "acme.yaml")
        let refused = refusal(.removePerson("Grace Tanaka"), in: acme)
        #expect(refused?.code == .editNeedsSuccessor)
        #expect(
            refused?.message
                == "Grace Tanaka leads team \"Platform Infra\": name who leads it next with --successor NAME")
        #expect(refused.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" } == "46:11")
        #expect(
            refusal(.move(person: "Grace Tanaka", team: "Design Systems", role: .member), in: acme)?.code
                == .editNeedsSuccessor)
        // A successor for someone who leads nothing is a mistake worth saying.
        let needless = refusal(.removePerson("Leo Santos", successor: "Grace Tanaka"), in: acme)
        #expect(needless?.message == "--successor: Leo Santos leads no team")
    }

    /// The one-team rule: a new team cannot take a lead from another team, and the lead of
    /// another team cannot be a successor; a member who succeeds leaves their team.
    @Test func anEditThatBreaksTheOneTeamRuleIsRefused() throws {
        var acme = try EditFixture(example: "acme.yaml")
        let lead = refusal(.addTeam(name: "Mobile", lead: "Alice Chen", members: []), in: acme)
        #expect(lead?.code == .editNeedsSuccessor)
        #expect(
            lead?.message.hasPrefix("Alice Chen leads team \"Frontend Platform\": give it another lead first") == true)
        let twoTeams = refusal(.removePerson("Grace Tanaka", successor: "Karen Liu"), in: acme)
        #expect(twoTeams?.code == .oneTeam, "\(String(describing: twoTeams))")
        #expect(
            twoTeams?.message
                == "Karen Liu leads team \"Data & Analytics\" and, with oneTeamPerPerson, can lead no other: "
                + "name another successor"
        )
        let moved = try acme.apply(.removePerson("Grace Tanaka", successor: "Nathan Fischer"))
        #expect(moved.summary.first == "Nathan Fischer leaves Backend Services to lead Platform Infra")
        #expect(acme.load().isValid)
    }

    /// The roster's own rules hold after an edit, or it is refused at the line that breaks them.
    @Test func anEditThatBreaksTheRostersRulesIsRefused() throws {
        var roster = try EditFixture(example: "acme.yaml")
        roster.texts["acme.yaml"]! += "\nrules:\n  maxTeamSize: 3\n"
        let refused = refusal(.move(person: "Leo Santos", team: "Frontend Platform", role: .member), in: roster)
        #expect(refused?.code == .maxTeamSize, "\(String(describing: refused))")
        #expect(refused?.location?.file == "acme.yaml")
    }

    @Test func aHireNeedsItsCraftAndLevelUnlessTheDefaultsGiveThem() throws {
        var roster = EditFixture(files: [
            ("people.yaml", "version: 1\npeople:\n  - {name: A, craft: Design, level: Mid}\n")
        ])
        let refused = refusal(.addPerson(NewPerson(name: "B", level: .mid)), in: roster)
        #expect(refused?.code == .editMissingValue)
        #expect(
            refused?.message
                == "B: --craft is needed (the file's defaults give no craft; `defaults: {craft: …}` in people.yaml would give every new person one)"
        )
        #expect(refused?.location?.file == "people.yaml")
        try roster.apply(.addPerson(NewPerson(name: "B", craft: .design, level: .mid)))
        #expect(roster.texts["people.yaml"]?.hasSuffix("  - {name: B, craft: Design, level: Mid}\n") == true)
        // Someone the roster has, with other values: use set or move.
        #expect(
            refusal(.addPerson(NewPerson(name: "B", craft: .design, level: .senior)), in: roster)?.code == .editExists)
    }

    @Test func aNameSeveralPeopleShareIsNamedWithItsID() throws {
        let text = """
            version: 1
            people:
              - {name: Sam Lee, id: 118, craft: Design, level: Junior}
              - {name: Sam Lee, id: 240, craft: Engineering, level: Senior}
              - {name: Ann, craft: Design, level: Senior}
            teams:
              - {name: Core, lead: Ann, members: ["Sam Lee (#118)"]}
              - {name: Web, lead: "Sam Lee (#240)"}

            """
        var roster = EditFixture(files: [("roster.yaml", text)])
        let ambiguous = refusal(.setPerson("Sam Lee", PersonChanges(level: .mid)), in: roster)
        #expect(ambiguous?.code == .editAmbiguous)
        #expect(
            ambiguous?.message == "2 people are called \"Sam Lee\": name one as \"Sam Lee (#118)\", \"Sam Lee (#240)\"")
        try roster.apply(.move(person: "Sam Lee (#118)", team: "Web", role: .member))
        #expect(
            roster.texts["roster.yaml"]?.contains(#"{name: Web, lead: "Sam Lee (#240)", members: [Sam Lee (#118)]}"#)
                == true)
        #expect(roster.texts["roster.yaml"]?.contains("{name: Core, lead: Ann}") == true, "\(roster.texts)")
        #expect(roster.load().isValid)
    }

    /// `set person --id` pins the live id; an id another entry pins is refused.
    @Test func anIDIsPinnedOnceOnly() throws {
        var acme = try EditFixture(example: "acme.yaml")
        let pinned = try acme.apply(.setPerson("Leo Santos", PersonChanges(id: 12)))
        #expect(pinned.summary == ["Leo Santos: id not pinned → #12"])
        #expect(
            acme.texts["acme.yaml"]?.contains(
                "{ name: Leo Santos,     level: Junior,    focus: Infrastructure, id: 12 }") == true)
        let twice = refusal(.setPerson("Grace Tanaka", PersonChanges(id: 12)), in: acme)
        #expect(twice?.code == .duplicateID, "\(String(describing: twice))")
    }
}
