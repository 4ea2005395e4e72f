import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull

/// Pull across days (issue 67): a dated change whose day came but the space does not show is kept,
/// a change the apps made is adopted or, where it meets a dated one, a conflict told in names; an
/// identity holds (a rename in the apps, a namesake hired in the files).
@Suite struct PullAcrossDaysTests {
    /// A quarter dated in every way: Bo promoted on 1 January, Chris out of Payments then and into
    /// Platform on the 4th, when Dee starts and leads it; Ed's last day on 31 December.
    static let quarter = """
        version: 1
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid, changes: [{on: 2027-01-01, level: Senior}]}
          - {name: Chris López, craft: Engineering, level: Mid}
          - {name: Dee New, craft: Design, level: Junior, starts: 2027-01-04}
          - {name: Ed Old, craft: Engineering, level: Mid, lastDay: 2026-12-31}
        teams:
          - name: Payments
            lead: Ana Souza
            members: [Bo Chen, Chris López, Ed Old]
            changes:
              - {on: 2027-01-01, members: [Bo Chen]}
          - name: Platform
            lead: Dee New
            starts: 2027-01-04
            members: [Chris López]

        """

    struct Pulled {
        var written: String?
        var pending: [String]
        var conflicts: [String]
        var diagnostics: [String]
    }

    /// Pull of the quarter from `live` on `day`.
    static func pull(_ live: LiveState, on day: String, take: String? = nil) throws -> Pulled {
        try pull(quarter, live, on: day, take: take)
    }

    /// Pull of `text` from `live` on `day`, the files being the default branch's (the base).
    static func pull(_ text: String, _ live: LiveState, on day: String, take: String? = nil) throws -> Pulled {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        let takes = try take.map { try PullTake.parseList($0).get() } ?? []
        var puller = Puller(
            roster: loaded.roster, live: live, texts: ["r.yaml": text], base: loaded.roster, take: takes,
            asOf: Day(day))
        let written = puller.run()["r.yaml"]
        if let written {
            let again = RosterLoader().load(texts: [("r.yaml", Array(written.utf8))])
            #expect(again.isValid, "\(again.diagnostics.map(\.message))\n\(written)")
        }
        return Pulled(
            written: written, pending: puller.pending, conflicts: puller.conflicts.map(\.description),
            diagnostics: puller.diagnostics.map(\.message))
    }

    static func user(_ id: Int, _ name: String, _ level: JobLevel = .mid, date: String? = nil) -> LiveUser {
        LiveUser(id: id, name: name, craft: .engineering, level: level, focus: .notApplicable, levelStartDate: date)
    }

    /// Item 1: the day after, nothing of the quarter applied yet: pull keeps every dated change
    /// (the move, the promotion, the hire) and takes none of it back.
    @Test func aDueChangeNotAppliedYetIsKept() throws {
        let pulled = try Self.pull(DatedQuarter.before, on: "2027-01-05")
        #expect(pulled.written == nil, "\(pulled.written ?? "")")
        #expect(
            Set(pulled.pending) == [
                "person \"Bo Chen\" level Senior from 2027-01-01: not applied yet",
                "person \"Chris López\" team Platform from 2027-01-04: not applied yet",
                "person \"Dee New\" starts 2027-01-04: not created yet",
                "team \"Platform\" starts 2027-01-04: not created yet",
            ], "\(pulled.pending)")
        #expect(pulled.conflicts.isEmpty)
    }

    /// Item 5: a person renamed in the apps is a rename, never a second person, whatever else the
    /// files change.
    @Test func aRenameInTheAppsIsARename() throws {
        var live = DatedQuarter.after
        live.users[2].name = "Chris López-Vidal"
        let pulled = try Self.pull(live, on: "2027-01-05")
        let written = try #require(pulled.written)
        #expect(written.contains("{name: Chris López-Vidal, craft: Engineering, level: Mid}"), "\(written)")
        #expect(!written.contains("name: Chris López,"), "\(written)")
        #expect(written.components(separatedBy: "Chris López-Vidal").count == 3, "the entry and Platform's member")
    }

    /// Item 7: a namesake hired in the files, not created yet, survives pull (with `--take space`
    /// too): pull never calls them deleted.
    @Test func aNamesakeHiredInTheFilesSurvivesPull() throws {
        let text = """
            version: 1
            people:
              - {name: Sam Lee, id: 240, craft: Engineering, level: Mid}
              - {name: Sam Lee, craft: Design, level: Junior}

            """
        let live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true), users: [Self.user(240, "Sam Lee")], teams: [],
            levels: [])
        for take in [nil, "space"] {
            let pulled = try Self.pull(text, live, on: "2026-12-01", take: take)
            #expect(pulled.written == nil, "\(pulled.written ?? "")")
            #expect(pulled.pending.contains { $0.contains("a namesake hired in the files") }, "\(pulled.pending)")
        }
    }

    /// Item 7: the apps move Chris before his dated move: a conflict in names, written nowhere;
    /// `--take space` writes him where the apps put him until the roster's move, which stays.
    @Test func aMoveInTheAppsBeforeAScheduledOneIsAConflict() throws {
        var live = DatedQuarter.before
        live.users.append(Self.user(7, "Rae Kim"))
        live.teams.append(LiveTeam(id: 12, name: "Risk", leadID: 7, memberIDs: [7, 3]))
        live.teams[0].memberIDs = [1, 2, 5]
        let text = Self.quarter.replacingOccurrences(
            of: "teams:\n",
            with: "  - {name: Rae Kim, craft: Engineering, level: Mid}\nteams:\n  - {name: Risk, lead: Rae Kim}\n")
        let told = try Self.pull(text, live, on: "2026-12-15")
        #expect(
            told.conflicts == [
                "person \"Chris López\" team: base Payments, files Payments (dated 2027-01-01, 2027-01-04), "
                    + "space Risk"
            ], "\(told.conflicts)")
        let taken = try Self.pull(text, live, on: "2026-12-15", take: "space:person:Chris López")
        let written = try #require(taken.written)
        #expect(taken.conflicts.isEmpty)
        // In Risk now, out of it on the day his move comes; Payments' list leaves him out.
        #expect(written.contains("{name: Risk, lead: Rae Kim, members: [Chris López]"), "\(written)")
        #expect(written.contains("on: 2027-01-01"), "\(written)")
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(written.utf8))])
        let platform = loaded.roster.on(Day("2027-01-04")).teams.first { $0.name.value == "Platform" }
        #expect(platform?.members.map(\.value.text) == ["Chris López"])
        let risk = loaded.roster.on(Day("2027-01-04")).teams.first { $0.name.value == "Risk" }
        #expect(risk?.members.isEmpty == true, "\(written)")
    }

    /// Item 7: the apps promote Bo, dated before the roster's promotion: a conflict, not adopted.
    @Test func aPromotionInTheAppsBeforeAScheduledOneIsAConflict() throws {
        var live = DatedQuarter.before
        live.users[1].level = .staff
        live.users[1].levelStartDate = "2026-12-10"
        let pulled = try Self.pull(live, on: "2026-12-15")
        #expect(
            pulled.conflicts == [
                "person \"Bo Chen\" level: base Mid, files Mid (dated 2027-01-01), space Staff since 2026-12-10"
            ], "\(pulled.conflicts)")
        #expect(pulled.written == nil)
        // Made Staff after the roster's day: the apps' newer decision, adopted with the change folded.
        live.users[1].levelStartDate = "2027-01-02"
        live.teams = DatedQuarter.after.teams
        live.users = live.users.filter { $0.id != 5 } + [DatedQuarter.after.users[3]]
        let adopted = try Self.pull(live, on: "2027-01-05")
        #expect(
            adopted.written?.contains("{name: Bo Chen, craft: Engineering, level: Staff, levelStartDate: 2027-01-02}")
                == true, "\(adopted.written ?? "")")
    }

    /// Item 7: `--take space` of a person the apps deleted, whom the files make a team's lead: pull
    /// says who must be named, and writes nothing.
    @Test func takingADeletedLeadFromTheSpaceAsksForTheNextLead() throws {
        let base = """
            version: 1
            people:
              - {name: Ana Souza, craft: Engineering, level: Senior}
              - {name: Bo Chen, craft: Engineering, level: Mid}
            teams:
              - {name: Payments, lead: Ana Souza, members: [Bo Chen]}

            """
        let files = base.replacingOccurrences(
            of: "lead: Ana Souza, members: [Bo Chen]", with: "lead: Bo Chen, members: [Ana Souza]")
        let live = LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true), users: [Self.user(1, "Ana Souza", .senior)],
            teams: [LiveTeam(id: 10, name: "Payments", leadID: 1, memberIDs: [1])], levels: [])
        let loadedBase = RosterLoader().load(texts: [("r.yaml", Array(base.utf8))]).roster
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(files.utf8))]).roster
        var puller = Puller(
            roster: loaded, live: live, texts: ["r.yaml": files], base: loadedBase,
            take: try PullTake.parseList("space:person:Bo Chen").get(), asOf: Day("2026-12-01"))
        #expect(puller.run().isEmpty)
        #expect(
            puller.diagnostics.map(\.message) == [
                "the space deleted Bo Chen, whom the files make the lead of team \"Payments\" (not applied yet): "
                    + "name who leads it next (`roster move NAME --to \"Payments\" --as lead`), then pull again"
            ], "\(puller.diagnostics)")
    }
}
