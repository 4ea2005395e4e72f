import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull
@testable import RosterTestSupport

/// What pull adopts, one rule at a time: a pure function of the roster and the live state,
/// without any file being edited.
@Suite struct PullDecisionsTests {
    static let space = LiveSpace(id: "s", name: "S", isOwner: true)

    static func roster(_ text: String) throws -> Roster {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(("version: 1\n" + text).utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        return loaded.roster
    }

    static func ada(level: JobLevel = .senior, focus: Focus = .backend, date: String? = nil, id: Int = 1) -> LiveUser {
        LiveUser(id: id, name: "Ada Park", craft: .engineering, level: level, focus: focus, levelStartDate: date)
    }

    static func decide(
        _ rosterText: String, users: [LiveUser], teams: [LiveTeam] = [], levels: [(JobLevel, Int)] = []
    ) throws -> PullDecisions {
        let live = LiveState(
            space: space, users: users, teams: teams, levels: levels.map { (level: $0.0, limitMonths: $0.1) })
        return PullDecisions(roster: try roster(rosterText), live: live, asOf: nil, take: [])
    }

    static let adaEntry = "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend}\n"

    /// The keys and values the decisions set, in order.
    static func sets(_ decided: PullDecisions) -> [String] {
        decided.decisions.compactMap {
            guard case .set(_, let key, let value, _) = $0 else { return nil }
            return "\(key)=\(value.rendered(json: false))"
        }
    }

    @Test func aSpaceThatMatchesDecidesNothing() throws {
        #expect(try Self.decide(Self.adaEntry, users: [Self.ada()]).decisions.isEmpty)
    }

    @Test func aChangedFieldIsSetOnTheEntry() throws {
        let decided = try Self.decide(Self.adaEntry, users: [Self.ada(focus: .mobile)])
        #expect(Self.sets(decided) == ["focus=Mobile"])
    }

    /// A promotion made in the app comes with the day it started: the date is adopted with the
    /// level, also where the entry stated none (and stated empty where the space has none).
    @Test func aPromotionIsAdoptedWhole() throws {
        let promoted = try Self.decide(Self.adaEntry, users: [Self.ada(level: .staff, date: "2026-11-15")])
        #expect(Self.sets(promoted) == ["level=Staff", "levelStartDate=2026-11-15"])
        let undated = try Self.decide(Self.adaEntry, users: [Self.ada(level: .staff)])
        #expect(Self.sets(undated) == ["level=Staff", "levelStartDate=null"])
        // Without a level change, a date the entry leaves alone stays alone.
        #expect(try Self.decide(Self.adaEntry, users: [Self.ada(date: "2026-11-15")]).decisions.isEmpty)
    }

    @Test func aRenameInTheAppRenamesTheEntry() throws {
        var renamed = Self.ada()
        renamed.name = "Ada Lind"
        let text = "people:\n  - {name: Ada Park, id: 1, craft: Engineering, level: Senior, focus: Backend}\n"
        #expect(Self.sets(try Self.decide(text, users: [renamed])) == ["name=Ada Lind"])
    }

    @Test func aDateIsAdoptedOnlyWhereTheRosterManagesIt() throws {
        // Unmanaged (no key): left alone; stated: set to the space's.
        #expect(try Self.decide(Self.adaEntry, users: [Self.ada(date: "2026-01-05")]).decisions.isEmpty)
        let stated =
            "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend, levelStartDate: 2020-01-01}\n"
        #expect(
            Self.sets(try Self.decide(stated, users: [Self.ada(date: "2026-01-05")])) == ["levelStartDate=2026-01-05"])
    }

    @Test func aFreeTextDateIsRemovedWithAWarning() throws {
        let stated =
            "people:\n  - {name: Ada Park, craft: Engineering, level: Senior, focus: Backend, levelStartDate: 2020-01-01}\n"
        let decided = try Self.decide(stated, users: [Self.ada(date: "spring")])
        guard case .remove(_, let key) = decided.decisions.first else {
            Issue.record("\(decided.decisions)")
            return
        }
        #expect(key == "levelStartDate")
        #expect(decided.warnings.map(\.code) == [.freeTextDate])
    }

    @Test func aPersonGoneFromTheSpaceIsRemoved() throws {
        let decided = try Self.decide(Self.adaEntry, users: [])
        guard case .removeEntry(let at) = decided.decisions.first else {
            Issue.record("\(decided.decisions)")
            return
        }
        #expect(at.line == 3)
    }

    @Test func aPersonNewToTheRosterIsAppendedAsExportWritesThem() throws {
        let bo = LiveUser(
            id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .notApplicable, levelStartDate: nil)
        let decided = try Self.decide(Self.adaEntry, users: [Self.ada(), bo])
        guard case .append(let section, let entries, _) = decided.decisions.first else {
            Issue.record("\(decided.decisions)")
            return
        }
        #expect(section == .people)
        // Every date stated, an empty one too: a date set in the app later is drift.
        #expect(entries.first?.fields.map(\.key) == ["name", "craft", "level", "focus", "levelStartDate"])
        #expect(entries.first?.fields.last?.value == .null)
    }

    @Test func aTeamsLeadAndMembersFollowTheSpace() throws {
        let bo = LiveUser(
            id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .notApplicable, levelStartDate: nil)
        let text =
            Self.adaEntry + "  - {name: Bo Lind, craft: Design, level: Mid}\n"
            + "teams:\n  - {name: Core, lead: Ada Park, members: []}\n"
        let team = LiveTeam(id: 10, name: "Core", leadID: 2, memberIDs: [2, 1])
        let decided = try Self.decide(text, users: [Self.ada(), bo], teams: [team])
        #expect(Self.sets(decided) == ["lead=Bo Lind"])
        #expect(decided.decisions.contains(.members(entry: decided.teamLocation, ["Ada Park"])))
    }

    @Test func aLevelLimitFollowsTheSpaceAndGoesWhenTheSpaceSetsNone() throws {
        let text = Self.adaEntry + "levels:\n  Junior: {limitMonths: 24}\n  Mid: {limitMonths: 36}\n"
        let decided = try Self.decide(text, users: [Self.ada()], levels: [(.junior, 18)])
        #expect(
            decided.decisions == [
                .levelLimit(.junior, months: 18, file: "r.yaml"), .levelLimit(.mid, months: nil, file: "r.yaml"),
            ])
    }

    /// Pull never writes policy: someone the space has in two teams is written in one (the team
    /// they lead), and the warning names them and their teams.
    @Test func someoneInTwoTeamsIsWrittenInOneAndNamed() throws {
        let bo = LiveUser(
            id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .notApplicable, levelStartDate: nil)
        let text =
            Self.adaEntry + "  - {name: Bo Lind, craft: Design, level: Mid}\n"
            + "teams:\n  - {name: A, lead: Ada Park, members: []}\n  - {name: B, lead: Bo Lind, members: []}\n"
        let teams = [
            LiveTeam(id: 10, name: "A", leadID: 1, memberIDs: [1, 2]),
            LiveTeam(id: 11, name: "B", leadID: 2, memberIDs: [2]),
        ]
        let decided = try Self.decide(text, users: [Self.ada(), bo], teams: teams)
        #expect(!decided.decisions.contains { if case .members = $0 { true } else { false } })
        #expect(decided.warnings.count == 1)
        #expect(decided.warnings.first?.message.contains("Bo Lind (A, B)") == true)
        #expect(decided.warnings.first?.message.contains("Bo Lind in B") == true)
    }

    @Test func aNameThatNowRepeatsIsPinnedToThePersonItWas() throws {
        let twin = Self.ada(id: 2)
        let decided = try Self.decide(Self.adaEntry, users: [Self.ada(), twin])
        #expect(Self.sets(decided).first == "id=1")
    }
}

extension PullDecisions {
    /// Where the roster's first team starts, in the tests' rosters.
    fileprivate var teamLocation: RosterCore.SourceLocation {
        decisions.compactMap { if case .set(let at, "lead", _, _) = $0 { at } else { nil } }.first
            ?? RosterCore.SourceLocation(file: "", line: 0, column: 0)
    }
}

/// Pull never undoes a level the roster dates after the pull's day: the plan schedules it.
@Suite struct PullScheduledTests {
    @Test func aLevelDatedAheadStaysWhenTheSpaceHasTheOldOne() throws {
        let text =
            "people:\n  - {name: Ada Park, craft: Engineering, level: Staff, focus: Backend, "
            + "levelStartDate: 2027-01-01}\n"
        let roster = try PullDecisionsTests.roster(text)
        let live = LiveState(
            space: PullDecisionsTests.space, users: [PullDecisionsTests.ada(date: "2024-01-01")], teams: [], levels: [])
        #expect(PullDecisions(roster: roster, live: live, asOf: Day("2026-12-31"), take: []).decisions.isEmpty)
        // On its day the level is due, and a space that still says otherwise is drift pull adopts.
        let due = PullDecisionsTests.sets(PullDecisions(roster: roster, live: live, asOf: Day("2027-01-01"), take: []))
        #expect(due == ["level=Senior", "levelStartDate=2024-01-01"])
    }
}
