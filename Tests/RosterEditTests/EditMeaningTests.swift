import Testing

@testable import RosterCore
@testable import RosterEdit
@testable import RosterModel

/// The file editor edits meaning, not bytes: what other entries inherit stays theirs, JSON stays
/// JSON however many keys come, levels are found as they load, and namesakes stay told apart.
@Suite struct EditMeaningTests {
    static func fixture(_ text: String, file: String = "r.yaml") -> EditFixture {
        EditFixture(files: [(file, text)])
    }

    static func person(_ fixture: EditFixture, _ name: String) -> PersonEntry? {
        fixture.load().roster.people.first { $0.name.value == name }
    }

    static let merged = """
        version: 1
        people:
          - &base
            name: Bob
            craft: Engineering
            level: Staff
            focus: Backend
          - <<: *base
            name: Nat
          - { name: Maya, craft: Design, level: Mid, focus: &f Frontend }
          - {name: Chloe, craft: Design, level: Mid, focus: *f}
        teams:
          - {name: Core, lead: Bob, members: [Nat]}

        """

    @Test func anEditToAnEntryOthersMergeLeavesThemAsTheyWere() throws {
        var set = Self.fixture(Self.merged)
        let result = try set.apply(.setPerson("Bob", PersonChanges(level: .senior)))
        #expect(Self.person(set, "Bob")?.level == .senior)
        #expect(Self.person(set, "Nat")?.level == .staff)
        #expect(Self.person(set, "Nat")?.focus == .backend)
        #expect(result.summary.contains { $0.hasPrefix("Nat: what it inherited") })
        // A rename adds `previously` to Bob only.
        var renamed = Self.fixture(Self.merged)
        try renamed.apply(.rename(.person, from: "Bob", to: "Robert"))
        #expect(Self.person(renamed, "Nat")?.previously.isEmpty == true)
        // A block-style anchored entry others merge can go.
        var removed = Self.fixture(Self.merged)
        try removed.apply(.removePerson("Bob", successor: "Nat"))
        #expect(Self.person(removed, "Nat")?.craft == .engineering)
        #expect(removed.load().isValid)
    }

    @Test func aKeyAddedAfterAnAliasValueStaysInItsEntry() throws {
        var fixture = Self.fixture(Self.merged)
        try fixture.apply(.rename(.person, from: "Chloe", to: "Zed"))
        #expect(Self.person(fixture, "Zed")?.previously.map(\.value) == ["Chloe"])
        #expect(Self.person(fixture, "Maya")?.previously.isEmpty == true)
        #expect(Self.person(fixture, "Zed")?.focus == .frontend)
    }

    @Test func twoNewKeysOnAPrettyJSONEntry() throws {
        let text = """
            {
              "version": 1,
              "people": [
                {
                  "name": "Ann",
                  "craft": "Engineering",
                  "level": "Mid"
                }
              ]
            }

            """
        var fixture = Self.fixture(text, file: "r.json")
        try fixture.apply(
            .setPerson("Ann", PersonChanges(focus: .mobile, levelStartDate: .value(Day(year: 2020, month: 1, day: 1)))))
        #expect(fixture.load().isValid)
        #expect(Self.person(fixture, "Ann")?.focus == .mobile)
        #expect(fixture.texts["r.json"]?.contains("      \"focus\": \"Mobile\",\n") == true)
    }

    @Test(arguments: ["levels: {}\n", "levels:\n", "levels:\n  senior: {limitMonths: 24}\n"])
    func aLevelIsSetInEveryLevelsLayout(_ levels: String) throws {
        var fixture = Self.fixture(
            "version: 1\npeople:\n  - {name: Ann, craft: Engineering, level: Senior}\n" + levels)
        try fixture.apply(.setLevel(.senior, limitMonths: 3))
        #expect(fixture.load().isValid, "\(fixture.texts)")
        #expect(fixture.load().roster.levels.map(\.limitMonths) == [3])
    }

    @Test func aHireIntoANewJSONFileWritesJSON() throws {
        var fixture = Self.fixture("version: 1\npeople:\n  - {name: Ann, craft: Engineering, level: Mid}\n")
        try fixture.apply(.addPerson(NewPerson(name: "Cy", craft: .design, level: .mid, into: "new.json")))
        #expect(fixture.load().isValid, "\(fixture.texts)")
        #expect(fixture.texts["new.json"]?.hasPrefix("{") == true)
    }

    static let namesakes = """
        version: 1
        people:
          - {name: Lucas Jones, craft: Engineering, level: Senior}
          - {name: Ana, craft: Engineering, level: Senior}
        teams:
          - {name: A, lead: Ana, members: [Lucas Jones]}

        """

    @Test func aNamesakeIsHiredOnceTheOtherPinsTheirID() throws {
        var fixture = Self.fixture(Self.namesakes)
        let unpinned = fixture.refusal(.addPerson(NewPerson(name: "Lucas Jones", craft: .design, namesake: true)))
        #expect(unpinned?.diagnostics.first?.message.contains("--id N") == true)
        // Without --namesake, the hire names the option.
        let same = fixture.refusal(.addPerson(NewPerson(name: "Lucas Jones", craft: .design, level: .mid)))
        #expect(same?.diagnostics.first?.message.contains("--namesake") == true)
        try fixture.apply(.setPerson("Lucas Jones", PersonChanges(id: 103)))
        try fixture.apply(
            .addPerson(NewPerson(name: "Lucas Jones", craft: .design, level: .mid, team: "A", namesake: true)))
        let loaded = fixture.load()
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        #expect(loaded.diagnostics.map(\.code) == [.namesake])
        let team = loaded.roster.teams[0].members.map(\.value.text)
        #expect(team == ["Lucas Jones (#103)", "Lucas Jones"])
        // A new id pinned on the first one follows in the teams.
        try fixture.apply(.setPerson("Lucas Jones (#103)", PersonChanges(id: 104)))
        #expect(fixture.load().roster.teams[0].members.map(\.value.text) == ["Lucas Jones (#104)", "Lucas Jones"])
    }

    static let twoTeams = """
        version: 1
        policy: {oneTeamPerPerson: false}
        people:
          - {name: Ana, craft: Engineering, level: Senior}
          - {name: Bo, craft: Engineering, level: Senior}
          - {name: Cy, craft: Engineering, level: Senior}
        teams:
          - {name: A, lead: Ana, members: [Bo]}
          - {name: B, lead: Cy, members: [Ana]}

        """

    @Test func aLeadWhoLeavesAnotherTeamKeepsLeadingTheirs() throws {
        var fixture = Self.fixture(Self.twoTeams)
        let result = try fixture.apply(.move(person: "Ana", team: "A", role: .member, from: "B"))
        #expect(result.summary.first == "Ana: B → A (lead)")
        let teams = fixture.load().roster.teams
        #expect(teams[0].lead.value.name == "Ana")
        #expect(teams[1].members.isEmpty)
    }

    @Test func aMoveToATeamTheyAreInNamesTheirOtherTeams() throws {
        var fixture = Self.fixture(Self.twoTeams)
        let result = try fixture.apply(.move(person: "Ana", team: "B", role: .member))
        #expect(
            result.summary == [
                "nothing to change: Ana is already a member of B (also in A; `--from \"A\"` takes them out of it)"
            ])
    }
}

extension EditMeaningTests {
    static let folded = """
        version: 1
        people:
          - {name: Mohammed Evans, craft: Engineering, level: Mid}
          - {name: Olusegun Singh, craft: Engineering, level: Mid}
          - {name: Łukasz Silva, craft: Engineering, level: Mid}
          - {name: Mei Wilson, craft: Engineering, level: Mid}
          - {
              name: Renée Haddad,
              craft: Design,   # a comment
              level: Senior
            }
        teams:
          - name: A
            lead: Mei Wilson
            members: [Mohammed Evans, Olusegun
              Singh, Łukasz Silva]
          - name: B
            lead: Renée Haddad
            members: [
              # nobody yet
            ]

        """

    /// A name folded over lines in a flow list (an older export's), a flow mapping over lines with
    /// a comment, a comment inside an empty flow list: every edit keeps each name whole.
    @Test(arguments: [
        RosterEdit.removePerson("Łukasz Silva"), .removePerson("Olusegun Singh"),
        .rename(.person, from: "Olusegun Singh", to: "Olu Singh"),
        .move(person: "Olusegun Singh", team: "B", role: .member),
        .setPerson("Renée Haddad", PersonChanges(level: .staff, focus: .mobile)),
        .rename(.person, from: "Renée Haddad", to: "Renée Lee"),
    ])
    func editsInFoldedAndMultiLineFlowCollections(_ edit: RosterEdit) throws {
        var fixture = Self.fixture(Self.folded)
        try fixture.apply(edit)
        let loaded = fixture.load()
        #expect(loaded.isValid, "\(loaded.diagnostics)\n\(fixture.texts["r.yaml"] ?? "")")
        var model = EditModel(RosterLoader().load(texts: [("r.yaml", Array(Self.folded.utf8))]).roster)
        model.apply(edit, today: EditFixture.today)
        #expect(EditModel(loaded.roster) == model)
    }
}

extension EditMeaningTests {
    /// With the one-team rule off, a new team's people and a person who moves say where else
    /// they stay.
    @Test func whoStaysInAnotherTeamIsSaid() throws {
        var fixture = Self.fixture(Self.twoTeams)
        let added = try fixture.apply(.addTeam(name: "D", lead: "Cy", members: ["Bo"]))
        #expect(added.summary.contains("Cy stays in B too (policy.oneTeamPerPerson is false)"))
        #expect(added.summary.contains("Bo stays in A too (policy.oneTeamPerPerson is false)"))
        let moved = try fixture.apply(.move(person: "Ana", team: "D", role: .member, from: "B"))
        #expect(moved.summary.contains("Ana stays in A too (policy.oneTeamPerPerson is false)"))
    }
}
