import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull

/// Pull and a roster that dates its changes: what is still to come stays as written; once the
/// day has come and the space has it, the date folds away and the files hold plain state.
@Suite struct PullDatedTests {
    static let (text, before, after) = (DatedQuarter.text, DatedQuarter.before, DatedQuarter.after)

    static func pull(_ live: LiveState, on day: String) throws -> String? {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        var puller = Puller(roster: loaded.roster, live: live, texts: ["r.yaml": text], asOf: Day(day))
        #expect(puller.diagnostics.isEmpty)
        return puller.run()["r.yaml"]
    }

    @Test func beforeTheDaysNothingIsUndone() throws {
        #expect(try Self.pull(Self.before, on: "2026-12-15") == nil)
    }

    @Test func onceAppliedTheDatesFoldIntoPlainState() throws {
        let folded = try #require(try Self.pull(Self.after, on: "2027-01-05"))
        #expect(
            folded == """
                version: 1
                people:
                  - {name: Ana Souza, craft: Engineering, level: Senior}
                  - {name: Bo Chen, craft: Engineering, level: Mid}
                  - {name: Chris López, craft: Engineering, level: Mid}
                  - {name: Dee New, craft: Design, level: Junior}
                teams:
                  - name: Payments
                    lead: Ana Souza
                    members: [Bo Chen]
                  - name: Platform
                    lead: Dee New
                    members: [Chris López]

                """)
        // The folded files pull clean, and validate.
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(folded.utf8))])
        #expect(loaded.isValid && !loaded.roster.isDated)
    }

    @Test func aChangeStillToComeStaysWhenThoseDueFold() throws {
        var live = Self.before
        live.teams = [LiveTeam(id: 10, name: "Payments", leadID: 1, memberIDs: [1, 2])]
        live.users.removeAll { $0.id == 5 }
        let folded = try #require(try Self.pull(live, on: "2027-01-02"))
        #expect(folded.contains("members: [Bo Chen]\n  - name: Platform"))
        #expect(!folded.contains("changes:"))
        #expect(folded.contains("{name: Dee New, craft: Design, level: Junior, starts: 2027-01-04}"))
        #expect(folded.contains("starts: 2027-01-04\n    members: [Chris López]"))
        #expect(!folded.contains("Ed Old"))
    }
}

extension PullDatedTests {
    @Test func aBlockListKeepsItsStyleAndLosesOnlyTheDueChange() throws {
        let text = """
            version: 1
            people:
              - {name: Ana Souza, craft: Engineering, level: Senior}
              - {name: Bo Chen, craft: Engineering, level: Mid}
            teams:
              - name: Payments
                lead: Ana Souza
                members: [Bo Chen]
                changes:
                  - on: 2027-01-01
                    lead: Bo Chen
                  - on: 2027-04-01
                    lead: Ana Souza

            """
        // The space as the roster says it on 1 February: Bo leads, Ana (who leads again from April) is
        // in no team; the change of January folds away.
        var live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true),
            users: [DatedQuarter.user(1, "Ana Souza", .senior), DatedQuarter.user(2, "Bo Chen")],
            teams: [LiveTeam(id: 10, name: "Payments", leadID: 2, memberIDs: [2])], levels: [])
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        var puller = Puller(roster: loaded.roster, live: live, texts: ["r.yaml": text], asOf: Day("2027-02-01"))
        let written = try #require(puller.run()["r.yaml"])
        #expect(written.contains("lead: Bo Chen\n    members: [Bo Chen]"), "\(written)")
        // The change still to come stays as written, a key a line.
        #expect(written.contains("changes:\n      - on: 2027-04-01\n        lead: Ana Souza\n"), "\(written)")
        // Ana still in Payments, as before 1 January: her leaving is due, not applied; nothing is taken back.
        live.teams[0].memberIDs = [1, 2]
        var waiting = Puller(roster: loaded.roster, live: live, texts: ["r.yaml": text], asOf: Day("2027-02-01"))
        #expect(waiting.run().isEmpty)
        #expect(waiting.pending == ["person \"Ana Souza\" team no team from 2027-01-01: not applied yet"])
        #expect(waiting.conflicts.isEmpty)
    }
}
