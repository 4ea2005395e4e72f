import Foundation
import RosterTestSupport
import Testing

@testable import MPSClient
@testable import RosterApply
@testable import RosterCore
@testable import RosterModel
@testable import RosterPull
@testable import RosterReconcile
@testable import RosterRender
@testable import RosterSession

/// Every field roster manages for a person (``PersonField``, the table) reaches every place that
/// reads, compares, sends, writes or shows a person: the live read, the roster decoder, the plan
/// and its text, the mutation input, the fingerprint, export, pull. Driven by the table alone: each
/// field is set to two values of its kind (`FieldKind.samples`, in RosterTestSupport), so a row added to the table and
/// forgotten in one place fails here, naming the place, without this test being edited. The edit
/// options are checked the same way in RosterCLITests (`EditOptionCoverageTests`).
@Suite struct PersonFieldCoverageTests {
    /// Every field at the first of its samples (`field` at the second), as the live read's JSON.
    static func wire(_ field: PersonField? = nil, without: PersonField? = nil) -> String {
        let values = PersonField.allCases.filter { $0 != without }.map { f -> String in
            let value = f == field ? f.kind.samples.1 : f.kind.samples.0
            return "\(JSONValue.string(f.wire.rawValue).rendered()): \(JSONValue.string(value).rendered())"
        }
        return "{\"id\": 7, " + values.joined(separator: ", ") + "}"
    }

    /// The live space holding that person, read by the live-state decoder.
    static func live(_ field: PersonField? = nil) throws -> LiveState {
        let body =
            #"{"data": {"mySpaces": [{"id": "u_1", "name": "Acme", "isOwner": true}], "users": ["#
            + wire(field) + "], \"teams\": []}}"
        let decoded = try #require(LiveStateDecoder.decode(Data(body.utf8)))
        return LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: decoded.users, teams: [], levels: [])
    }

    /// A roster whose one person (pinned to id 7) states every field at its first sample, `field`
    /// at its second; each value quoted, as any of them may be typed.
    static func rosterText(_ field: PersonField? = nil) -> String {
        let values = PersonField.allCases.map { f -> String in
            "\(f.key.name): \(JSONValue.string(f == field ? f.kind.samples.1 : f.kind.samples.0).rendered())"
        }
        return "version: 1\npeople:\n  - { id: 7, " + values.joined(separator: ", ") + " }\n"
    }

    static func load(_ text: String) throws -> PersonEntry {
        let loaded = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics.map(\.message))\n\(text)")
        return try #require(loaded.roster.people.first)
    }

    @Test(arguments: PersonField.allCases) func theLiveReadKeepsTheField(_ field: PersonField) throws {
        #expect(MPSService.liveQuery(lacking: []).contains(field.wire.rawValue), "the read asks for it")
        let user = try #require(try Self.live(field).users.first)
        #expect(PersonValues(user).text(field) == field.kind.samples.1, "decoded, and kept by an update")
    }

    @Test(arguments: PersonField.allCases) func theDecoderReadsTheField(_ field: PersonField) throws {
        #expect(try Self.load(Self.rosterText(field)).text(field) == field.kind.samples.1)
    }

    @Test(arguments: PersonField.allCases) func aPlanChangesTheFieldAndShowsIt(_ field: PersonField) throws {
        let roster = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.rosterText(field).utf8))])
        let planned = Planner.plan(roster: roster.roster, live: try Self.live(), prune: false).0
        let plan = try #require(planned)
        let updates = plan.changes.filter { $0.kind == .person }.flatMap(\.updates)
        #expect(updates.map(\.field) == [PlanField(field)], "\(updates)")
        let text = PlanRenderer.text(plan, requests: 1, view: .resources)
        #expect(text.contains(field.kind.samples.1), "\(text)")
        let operation = try #require(plan.steps.first?.first)
        guard case .updateUser(_, let values) = operation.payload else {
            Issue.record("\(operation.payload)")
            return
        }
        #expect(values.text(field) == field.kind.samples.1, "the update sends the roster's value")
    }

    @Test(arguments: PersonField.allCases) func anUpdateSendsTheField(_ field: PersonField) throws {
        let values = PersonValues(try #require(try Self.live(field).users.first))
        let op = PlanOperation(payload: .updateUser(id: 7, values), name: "Ada Park")
        var packer = MutationBatcher().packer([op]) { _ in nil }
        let next = packer.next()
        let document = try #require(next)
        let body = try #require(JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let variables = try #require(body["variables"] as? [String: Any])
        let input = try #require(variables.values.compactMap { $0 as? [String: Any] }.first)
        #expect(input[field.wire.rawValue] as? String == field.kind.samples.1)
    }

    @Test(arguments: PersonField.allCases) func theFingerprintSeesTheField(_ field: PersonField) throws {
        let before = Fingerprint(live: try Self.live(), ignoredUsers: [], ignoredTeams: [])
        let after = Fingerprint(live: try Self.live(field), ignoredUsers: [], ignoredTeams: [])
        #expect(before.digest != after.digest)
        #expect(
            StoredEntity(user: try #require(try Self.live().users.first))
                != StoredEntity(user: try #require(try Self.live(field).users.first)))
    }

    /// Export writes the field, in JSON and in YAML that reads back the same value.
    @Test(arguments: PersonField.allCases) func theExportWritesTheField(_ field: PersonField) throws {
        var exporter = RosterExporter(live: try Self.live(field), pinSpace: false, pinIDs: false)
        let json = exporter.json(exporter.document())
        guard case .array(let people) = json["people"], let person = people.first else {
            Issue.record("no people in \(json)")
            return
        }
        #expect(person[field.key.name]?.stringValue == field.kind.samples.1)
        let yaml = exporter.text(json: false)
        #expect(try Self.load(yaml).text(field) == field.kind.samples.1, "\(yaml)")
    }

    /// Pull adopts the field the space changed, into a file that reads back with it.
    @Test(arguments: PersonField.allCases) func pullAdoptsTheField(_ field: PersonField) throws {
        let text = Self.rosterText()
        let roster = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))]).roster
        var puller = Puller(roster: roster, live: try Self.live(field), texts: ["roster.yaml": text])
        let written = try #require(puller.run()["roster.yaml"], "pull wrote nothing")
        #expect(try Self.load(written).text(field) == field.kind.samples.1, "\(written)")
    }

    /// A hire's line in the text and Markdown plans shows every field of the table that has a
    /// value, by its edit option's word.
    @Test(arguments: PersonField.allCases) func aHireShowsTheField(_ field: PersonField) throws {
        let text = Self.rosterText(field).replacingOccurrences(of: "{ id: 7, ", with: "{ ")
        let roster = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(text.utf8))]).roster
        let empty = LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: [], teams: [], levels: [])
        let plan = try #require(Planner.plan(roster: roster, live: empty, prune: false).0)
        #expect(plan.changes.map(\.action) == [.create])
        // The name is the line's subject; Markdown escapes it (its samples hold brackets).
        let markdown = field == .name ? [] : [PlanRenderer.markdown(plan, requests: 1)]
        for shown in [PlanRenderer.text(plan, requests: 1, view: .resources)] + markdown {
            #expect(shown.contains(field.kind.samples.1), "\(field): \(shown)")
        }
    }

    /// `roster diff` plans the newer version against the older taken as a space: a version that
    /// changes one field shows that field alone (a field the snapshot dropped showed for everyone).
    @Test(arguments: PersonField.allCases) func theDiffOfTwoVersionsShowsOnlyTheField(_ field: PersonField) throws {
        let older = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.rosterText().utf8))]).roster
        let newer = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.rosterText(field).utf8))]).roster
        let live = RosterSnapshot.live(older, next: newer)
        let plan = try #require(Planner.plan(roster: newer, live: live, prune: false).0)
        #expect(plan.changes.flatMap(\.updates).map(\.field) == [PlanField(field)])
        let same = try #require(Planner.plan(roster: older, live: live, prune: false).0)
        #expect(!same.hasChanges, "\(same.changes)")
    }

    /// An entry that states a field empty where the base stated a value, while the space changed
    /// it, is a conflict for every field an entry may state empty, as for the level start date.
    @Test(arguments: PersonField.allCases.filter(\.row.absence.isClearable))
    func pullTellsAnEmptiedFieldTheSpaceChangedAsAConflict(_ field: PersonField) throws {
        let base = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.rosterText().utf8))]).roster
        let emptied = Self.rosterText().replacingOccurrences(
            of: "\(field.key.name): \(JSONValue.string(field.kind.samples.0).rendered())",
            with: "\(field.key.name): null")
        let files = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(emptied.utf8))]).roster
        #expect(files.people.first?.stated(field) == .clear, "\(emptied)")
        let live = try Self.live(field)
        let merge = ThreeWayPull(
            PullDecisions(roster: files, live: live, asOf: nil, take: []), files: files, base: base, live: live)
        #expect(merge.conflicts.map(\.field) == [field.key.name], "\(merge.conflicts)")
    }

    /// A field an older server lacks (its row's feature) is left out of the read on such a server,
    /// export writes none of it, and a roster that states it is refused there before anything is
    /// planned; every other field is read from every server.
    @Test(arguments: PersonField.allCases) func aServerThatLacksTheFieldIsToldSo(_ field: PersonField) throws {
        guard let feature = field.row.feature else {
            #expect(
                ServerFeature.allCases.allSatisfy { MPSService.liveQuery(lacking: [$0]).contains(field.wire.rawValue) })
            return
        }
        #expect(!MPSService.liveQuery(lacking: [feature]).contains(field.wire.rawValue))
        // As such a server answers: without the field.
        let body =
            #"{"data": {"mySpaces": [{"id": "u_1", "name": "Acme", "isOwner": true}], "users": ["#
            + Self.wire(without: field) + "], \"teams\": []}}"
        let users = try #require(LiveStateDecoder.decode(Data(body.utf8))).users
        var live = LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: users, teams: [], levels: [])
        live.lacking = [feature]
        var exporter = RosterExporter(live: live, pinSpace: false, pinIDs: false)
        #expect(!exporter.text(json: false).contains("\(field.key.name):"), "export writes none of it")
        let roster = RosterLoader().load(texts: [(path: "r.yaml", bytes: Array(Self.rosterText().utf8))]).roster
        let refused = ServerNeeds.check(roster, live)
        #expect(refused.count == 1 && refused.first?.message.contains(field.key.rawValue) == true, "\(refused)")
    }

    @Test(arguments: PersonField.allCases) func aPlanChangesOnlyTheFieldAndKeepsTheRest(_ field: PersonField) throws {
        let live = PersonValues(try #require(try Self.live().users.first))
        let wanted = PersonValues(try #require(try Self.live(field).users.first))
        #expect(live.changes(to: wanted).map(\.field) == [PlanField(field)])
    }
}

/// The same for a team's fields (``TeamField``): each field changed alone (``other(_:)``, the one
/// switch a new field adds a case to) is read, decoded, planned and shown, sent, fingerprinted,
/// exported and pulled.
@Suite struct TeamFieldCoverageTests {
    static let people = [
        LiveUser(id: 1, name: "Ada Park", craft: .engineering, level: .senior, focus: .backend, levelStartDate: nil),
        LiveUser(id: 2, name: "Bo Lind", craft: .design, level: .mid, focus: .notApplicable, levelStartDate: nil),
    ]

    static func space(_ team: LiveTeam) -> LiveState {
        LiveState(
            space: LiveSpace(id: "u_1", name: "Acme", isOwner: true), users: people, teams: [team], levels: [])
    }

    static let team = LiveTeam(id: 9, name: "Core", leadID: 1, memberIDs: [1, 2])

    /// The team with `field` changed, every other field as ``team`` has it.
    static func other(_ field: TeamField) -> LiveTeam {
        var other = team
        switch field {
        case .name: other.name = "Edge [ops]: \"north\""
        case .lead: other.leadID = 2
        case .members: other.memberIDs = [1]
        }
        return other
    }

    /// The team as the live read's JSON, field by field from the table.
    static func wire(_ team: LiveTeam) -> String {
        let fields = TeamField.allCases.map { field -> String in
            let value: String =
                switch field {
                case .name: JSONValue.string(team.name).rendered()
                case .lead: "{\"id\": \(team.leadID)}"
                case .members: "[" + team.memberIDs.map { "{\"id\": \($0)}" }.joined(separator: ", ") + "]"
                }
            return "\(JSONValue.string(field.read.rawValue).rendered()): \(value)"
        }
        return "{\"id\": \(team.id), " + fields.joined(separator: ", ") + "}"
    }

    /// The roster export writes for a space holding `team`.
    static func rosterText(_ team: LiveTeam) -> String {
        var exporter = RosterExporter(live: space(team), pinSpace: false, pinIDs: true)
        return exporter.text(json: false)
    }

    static func plan(_ text: String, against team: LiveTeam) throws -> Plan {
        let loaded = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))])
        #expect(loaded.isValid, "\(loaded.diagnostics.map(\.message))\n\(text)")
        return try #require(Planner.plan(roster: loaded.roster, live: space(team), prune: false).0)
    }

    @Test(arguments: TeamField.allCases) func theLiveReadAsksForAndDecodesTheField(_ field: TeamField) throws {
        #expect(MPSService.liveQuery(lacking: []).contains(field.read.rawValue), "the read asks for it")
        let body = #"{"data": {"users": [], "teams": ["# + Self.wire(Self.other(field)) + "]}}"
        let decoded = try #require(LiveStateDecoder.decode(Data(body.utf8)))
        #expect(decoded.teams == [Self.other(field)])
    }

    /// The read leaves out a field whose row needs a feature the server lacks, and asks every
    /// server for the others.
    @Test(arguments: TeamField.allCases) func aServerThatLacksTheFieldIsNotAskedForIt(_ field: TeamField) {
        let lacking = field.feature.map { [$0] } ?? Set(ServerFeature.allCases)
        let teams = MPSService.liveQuery(lacking: lacking).split(separator: "\n").first { $0.contains("teams {") }
        #expect(teams?.contains(" \(field.read.rawValue)") == (field.feature == nil), "\(teams ?? "")")
    }

    @Test(arguments: TeamField.allCases) func aPlanChangesTheFieldShowsItAndSendsIt(_ field: TeamField) throws {
        let plan = try Self.plan(Self.rosterText(Self.other(field)), against: Self.team)
        #expect(plan.changes.flatMap(\.updates).map(\.field) == [PlanField(field)], "\(plan.changes)")
        let operations = plan.steps.flatMap { $0 }
        guard case .updateTeam(9, let values)? = operations.last?.payload else {
            Issue.record("\(operations)")
            return
        }
        #expect(StoredEntity(team: values, created: [:]) == StoredEntity(team: Self.other(field)), "sent whole")
        let text = PlanRenderer.text(plan, requests: 1, view: .resources)
        #expect(text.contains(field.key.name) || text.contains(Self.other(field).name), "\(text)")
        #expect(try !Self.plan(Self.rosterText(Self.team), against: Self.team).hasChanges, "in sync: nothing")
    }

    /// Pull adopts the field the space changed, into a file that then plans clean.
    @Test(arguments: TeamField.allCases) func pullAdoptsTheField(_ field: TeamField) throws {
        let text = Self.rosterText(Self.team)
        let roster = RosterLoader().load(texts: [(path: "roster.yaml", bytes: Array(text.utf8))]).roster
        var puller = Puller(roster: roster, live: Self.space(Self.other(field)), texts: ["roster.yaml": text])
        let written = try #require(puller.run()["roster.yaml"], "pull wrote nothing")
        #expect(try !Self.plan(written, against: Self.other(field)).hasChanges, "\(written)")
    }

    /// A new team's line in the plan shows every field of the table.
    @Test(arguments: TeamField.allCases) func aNewTeamShowsTheField(_ field: TeamField) throws {
        let created = try Self.plan(
            Self.rosterText(Self.team).replacingOccurrences(of: "id: 9", with: ""), against: Self.other(.name))
        let text = PlanRenderer.text(created, requests: 1, view: .resources)
        let change = try #require(created.changes.first { $0.kind == .team && $0.action == .create }, "\(text)")
        let value = try #require(change.after[PlanField(field)], "the plan's values carry it")
        #expect(value != .null, "the roster's value, not none")
        #expect(field == .name || text.contains("\(field.key.name) \(PlanRenderer.text(of: value))"), "\(text)")
    }

    /// A roster that leaves out a field its row leaves alone when absent keeps the live value in
    /// what an update sends (`updateTeam` replaces every field), while another field changes.
    /// (No team field is left alone when absent yet: this holds for the first one.)
    @Test func aFieldLeftOutKeepsTheLiveValue() throws {
        for field in TeamField.allCases where field.row.absence.isClearable {
            let text = Self.rosterText(Self.other(.lead))
            let left = text.split(separator: "\n").filter { !$0.contains("\(field.key.name):") }
            let plan = try Self.plan(left.joined(separator: "\n") + "\n", against: Self.team)
            guard case .updateTeam(9, let values)? = plan.steps.flatMap({ $0 }).last?.payload else {
                Issue.record("\(plan.steps)")
                continue
            }
            #expect(StoredEntity(team: values, created: [:]) == StoredEntity(team: Self.other(.lead)), "\(values)")
            #expect(plan.changes.flatMap(\.updates).map(\.field) == [.lead], "\(plan.changes)")
        }
    }

    @Test(arguments: TeamField.allCases) func anUpdateSendsTheField(_ field: TeamField) throws {
        let values = TeamValues(name: "Core", lead: .live(1), members: [.live(2)])
        let op = PlanOperation(payload: .updateTeam(id: 9, values), name: "Core")
        var packer = MutationBatcher().packer([op]) { if case .live(let id) = $0 { id } else { nil } }
        let next = packer.next()
        let document = try #require(next)
        let body = try #require(JSONSerialization.jsonObject(with: document.body) as? [String: Any])
        let variables = try #require(body["variables"] as? [String: Any])
        let input = try #require(variables.values.compactMap { $0 as? [String: Any] }.first)
        #expect(input[field.input.rawValue] != nil)
    }

    @Test(arguments: TeamField.allCases) func theFingerprintAndTheExportSeeTheField(_ field: TeamField) throws {
        let other = Self.other(field)
        let before = Fingerprint(live: Self.space(Self.team), ignoredUsers: [], ignoredTeams: [])
        let after = Fingerprint(live: Self.space(other), ignoredUsers: [], ignoredTeams: [])
        #expect(before.digest != after.digest)
        #expect(StoredEntity(team: Self.team) != StoredEntity(team: other), "apply's check of other writers sees it")
        var exporter = RosterExporter(live: Self.space(Self.team), pinSpace: false, pinIDs: false)
        guard case .array(let teams) = exporter.json(exporter.document())["teams"], let team = teams.first else {
            Issue.record("no teams")
            return
        }
        #expect(team[field.key.name] != nil)
    }
}
