import RosterTestSupport
import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterPull

/// A team's lead and members merged person by person: the branch's and the app's changes to
/// different people are all kept; only a person both changed, differently, is a conflict, told in
/// names; a pending hire stays; what is written always loads.
@Suite struct ThreeWayMembersTests {
    static let people = ["Ana Park", "Chris Khan", "Rafael Souza", "Mei Wilson", "Tom Ito", "Lee Dunn", "Noémie Lee"]

    /// A roster of `people` (ids by position, from 1) and `teams` (name, lead, members).
    static func text(_ teams: [(String, String, [String])], hires: [String] = [], without: Set<String> = []) -> String {
        let listed = (people + hires).filter { !without.contains($0) }
        return "version: 1\npeople:\n"
            + listed.map { "  - {name: \($0), craft: Engineering, level: Mid, focus: Backend}\n" }.joined()
            + "teams:\n"
            + teams.map { name, lead, members in
                "  - name: \(name)\n    lead: \(lead)\n    members:\n" + members.map { "      - \($0)\n" }.joined()
            }.joined()
    }

    static func roster(_ text: String) -> Roster {
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        return loaded.roster
    }

    static func id(_ name: String) -> Int { (people.firstIndex(of: name) ?? 99) + 1 }

    /// The live space: everyone but `deleted`, and `teams` (name, lead, members) with ids 1….
    static func live(_ teams: [(String, String, [String])], deleted: Set<String> = []) -> LiveState {
        let users = people.filter { !deleted.contains($0) }.map {
            LiveUser(id: id($0), name: $0, craft: .engineering, level: .mid, focus: .backend, levelStartDate: nil)
        }
        let liveTeams = teams.enumerated().map { t, team in
            LiveTeam(id: t + 1, name: team.0, leadID: id(team.1), memberIDs: [id(team.1)] + team.2.map(id))
        }
        return LiveState(
            space: LiveSpace(id: "s", name: "S", isOwner: true), users: users, teams: liveTeams, levels: [])
    }

    struct Outcome {
        var teams: [String: [String]] = [:]
        var leads: [String: String] = [:]
        var pending: [String] = []
        var conflicts: [String] = []
        var text = ""
    }

    /// Pulls `live` into `files` with `base`; the teams the written roster then says.
    static func pull(
        base: String, files: String, live: LiveState, take: [PullTake] = []
    ) -> Outcome {
        var puller = Puller(
            roster: roster(files), live: live, texts: ["r.yaml": files], base: roster(base), take: take)
        let text = puller.run()["r.yaml"] ?? files
        let loaded = RosterLoader().load(texts: [("r.yaml", Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics)\n\(text)")
        var outcome = Outcome(text: text)
        for team in loaded.roster.teams {
            outcome.teams[team.name.value] = team.members.map(\.value.text)
            outcome.leads[team.name.value] = team.lead.value.text
        }
        outcome.pending = puller.merge?.pending ?? []
        outcome.conflicts = puller.merge?.conflicts.map(\.description) ?? []
        return outcome
    }

    static let checkout = ("Checkout", "Ana Park", ["Chris Khan", "Mei Wilson"])
    static let search = ("Search", "Tom Ito", ["Rafael Souza", "Lee Dunn"])

    @Test func disjointChangesToOneTeamAreBothKept() {
        // The branch moves Chris out of Checkout to Search; the app moves Rafael into Checkout.
        let base = Self.text([Self.checkout, Self.search])
        let files = Self.text([
            ("Checkout", "Ana Park", ["Mei Wilson"]),
            ("Search", "Tom Ito", ["Rafael Souza", "Lee Dunn", "Chris Khan"]),
        ])
        let live = Self.live([
            ("Checkout", "Ana Park", ["Chris Khan", "Mei Wilson", "Rafael Souza"]), ("Search", "Tom Ito", ["Lee Dunn"]),
        ])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(got.conflicts.isEmpty)
        #expect(got.teams["Checkout"] == ["Mei Wilson", "Rafael Souza"])
        #expect(got.teams["Search"] == ["Lee Dunn", "Chris Khan"])
    }

    @Test func aPendingHireStaysWhereTheFilesPutThem() {
        let base = Self.text([Self.checkout, Self.search])
        let files = Self.text(
            [("Checkout", "Ana Park", ["Chris Khan", "Mei Wilson", "Ann Newhire"]), Self.search], hires: ["Ann Newhire"]
        )
        // Meanwhile the app takes Mei out of Checkout.
        let live = Self.live([("Checkout", "Ana Park", ["Chris Khan"]), Self.search])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(got.teams["Checkout"] == ["Chris Khan", "Ann Newhire"])
        #expect(got.pending.contains("team \"Checkout\" members"))
        // Nothing changed in the app: nothing written at all.
        let quiet = Self.pull(base: base, files: files, live: Self.live([Self.checkout, Self.search]))
        #expect(quiet.text == files)
    }

    @Test func theSamePersonMovedBothWaysIsAConflictInNames() {
        let third = ("Identity", "Lee Dunn", [String]())
        let base = Self.text([Self.checkout, ("Search", "Tom Ito", ["Rafael Souza"]), third])
        // The branch moves Chris to Search; the app moves Chris to Identity.
        let files = Self.text([
            ("Checkout", "Ana Park", ["Mei Wilson"]), ("Search", "Tom Ito", ["Rafael Souza", "Chris Khan"]), third,
        ])
        let live = Self.live([
            ("Checkout", "Ana Park", ["Mei Wilson"]), ("Search", "Tom Ito", ["Rafael Souza"]),
            ("Identity", "Lee Dunn", ["Chris Khan"]),
        ])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(
            got.conflicts == [
                "person \"Chris Khan\" teams: base Checkout, files Search, space Identity"
            ])
        #expect(got.teams["Search"] == ["Rafael Souza", "Chris Khan"])
        #expect(got.teams["Identity"] == [])
        // --take space: Chris goes where the app put them.
        let taken = Self.pull(
            base: base, files: files, live: live, take: [PullTake(side: .space, kind: .person, name: "Chris Khan")])
        #expect(taken.conflicts.isEmpty)
        #expect(taken.teams["Search"] == ["Rafael Souza"])
        #expect(taken.teams["Identity"] == ["Chris Khan"])
    }

    @Test func aLeadChangedBothWaysIsToldInNames() {
        let base = Self.text([Self.checkout])
        let files = Self.text([("Checkout", "Mei Wilson", ["Chris Khan", "Ana Park"])])
        let live = Self.live([("Checkout", "Chris Khan", ["Ana Park", "Mei Wilson"])])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(got.conflicts.contains("team \"Checkout\" lead: base Ana Park, files Mei Wilson, space Chris Khan"))
        #expect(!got.conflicts.joined().contains("#"))
    }

    @Test func someoneTheAppDeletedThatAPendingEditNamesIsAConflictAndTheRosterLoads() {
        let base = Self.text([Self.checkout, Self.search])
        // The branch moves Noémie into Search; the app deletes her.
        let files = Self.text([Self.checkout, ("Search", "Tom Ito", ["Rafael Souza", "Lee Dunn", "Noémie Lee"])])
        let live = Self.live([Self.checkout, Self.search], deleted: ["Noémie Lee"])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(got.conflicts == ["person \"Noémie Lee\" teams: base no team, files Search, space deleted"])
        #expect(got.teams["Search"] == ["Rafael Souza", "Lee Dunn", "Noémie Lee"])
        // Taking the space's side removes her and every reference to her.
        let taken = Self.pull(base: base, files: files, live: live, take: [PullTake(side: .space)])
        #expect(taken.conflicts.isEmpty)
        #expect(taken.teams["Search"] == ["Rafael Souza", "Lee Dunn"])
        #expect(!taken.text.contains("Noémie"))
    }

    @Test func someoneTheAppDeletedWhomNoEditNamesGoesEverywhere() {
        let base = Self.text([Self.checkout, Self.search])
        let files = Self.text([("Checkout", "Ana Park", ["Chris Khan"]), Self.search])
        let live = Self.live(
            [("Checkout", "Ana Park", ["Chris Khan"]), ("Search", "Tom Ito", ["Rafael Souza"])],
            deleted: ["Lee Dunn"])
        let got = Self.pull(base: base, files: files, live: live)
        #expect(got.conflicts.isEmpty)
        #expect(got.teams["Search"] == ["Rafael Souza"])
        #expect(!got.text.contains("Lee Dunn"))
        #expect(got.teams["Checkout"] == ["Chris Khan"])
    }

    @Test func takeParsesSidesKindsAndNamesWithCommas() throws {
        let parsed = try PullTake.parseList("space:person:Khan, Chris,files:team:Checkout,space").get()
        #expect(parsed.count == 3)
        #expect(parsed[0] == PullTake(side: .space, kind: .person, name: "Khan, Chris"))
        #expect(parsed[1] == PullTake(side: .files, kind: .team, name: "Checkout"))
        #expect(parsed[2] == PullTake(side: .space))
        #expect((try? PullTake.parseList("theirs").get()) == nil)
        #expect((try? PullTake.parseList("space:robot:X").get()) == nil)
    }
}

extension ThreeWayMembersTests {
    /// A team renamed in the app is a rename where the entry stands, its old name kept in
    /// `previously:`; a new team of the same lead with other people is no rename.
    @Test func aTeamRenamedInTheAppIsPulledAsARename() {
        let base = Self.text([Self.checkout, Self.search])
        let live = Self.live([("Payments Checkout", "Ana Park", ["Chris Khan", "Mei Wilson"]), Self.search])
        let got = Self.pull(base: base, files: base, live: live)
        #expect(got.teams.keys.sorted() == ["Payments Checkout", "Search"])
        #expect(got.text.contains("  - name: Payments Checkout\n    lead: Ana Park\n"))
        #expect(got.text.contains("      - Mei Wilson\n    previously: [Checkout]\n  - name: Search"))
        #expect(
            got.text.firstRange(of: "Payments Checkout")?.lowerBound ?? got.text.endIndex
                < got.text.firstRange(of: "name: Search")?.lowerBound ?? got.text.startIndex)
        let other = Self.live([("Growth", "Ana Park", ["Tom Ito", "Lee Dunn"]), ("Search", "Rafael Souza", [])])
        let notRenamed = Self.pull(
            base: Self.text([Self.checkout]), files: Self.text([Self.checkout]), live: other)
        #expect(!notRenamed.text.contains("previously"))
    }
}
