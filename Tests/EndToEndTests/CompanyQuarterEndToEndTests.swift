import Foundation
import RosterTestSupport
import Testing

@testable import RosterModel

/// A 200-person company's quarter, end to end against the sandbox: the roster exported and kept
/// in git, a reorganisation on a branch with the edit commands, the app changing things
/// meanwhile, and pull merging the two person by person. Each test is one numbered defect of
/// issue 57, first seen failing.
@Suite(.serialized) struct CompanyQuarterEndToEndTests {
    static let company = CompanySpace.make(people: 200, seed: 57)

    /// The company loaded into a fresh sandbox.
    func sandbox() throws -> SandboxProcess {
        let sandbox = try SandboxProcess(arguments: ["--test-hooks", "--no-seed"])
        let people = Self.company.users.map { user -> [String: Any] in
            var person: [String: Any] = [
                "id": user.id, "fullName": user.name, "craftAbility": user.craft.rawValue,
                "jobLevel": user.level.rawValue, "craftFocus": user.focus.rawValue,
            ]
            if let date = user.levelStartDate { person["levelStartDate"] = date }
            return person
        }
        let teams = Self.company.teams.map { team -> [String: Any] in
            ["id": team.id, "name": team.name, "lead": team.leadID, "members": team.memberIDs]
        }
        let state: [String: Any] = [
            "accounts": [["token": sandbox.token, "id": "u_8f3k2", "name": "Jane Doe"]],
            "spaces": ["u_8f3k2": ["people": people, "teams": teams]],
        ]
        _ = try sandbox.hook(
            "state", String(decoding: try JSONSerialization.data(withJSONObject: state), as: UTF8.self))
        return sandbox
    }

    /// The exported roster committed on `main` in a new repository: its folder and file.
    func repository(_ sandbox: SandboxProcess) throws -> (URL, String) {
        let folder = ScratchFolder.url.appendingPathComponent("quarter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("roster"), withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("roster/company.yaml").path
        let export = try RosterBinary.run(["export", "--out", file], environment: sandbox.environment)
        #expect(export.code == 0, "\(export.stderr)")
        try git(["init", "-q", "-b", "main"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "exported"], in: folder)
        return (folder, file)
    }

    func git(_ arguments: [String], in folder: URL) throws {
        let result = try RosterBinary.run(
            ["/usr/bin/env", "git", "-c", "user.name=T", "-c", "user.email=t@example.com"] + arguments, direct: true,
            directory: folder)
        #expect(result.code == 0, "git \(arguments): \(result.stderr)")
    }

    func roster(_ arguments: [String], _ sandbox: SandboxProcess, in folder: URL) throws -> RosterBinary.Result {
        try RosterBinary.run(arguments, environment: sandbox.environment, directory: folder)
    }

    /// Someone of a name nobody else has, written as NFC, who is a member (not the lead) of team `t`.
    static func member(of t: Int, skipping: Int = 0) -> LiveUser {
        let team = company.teams[t]
        let names = Dictionary(grouping: company.users, by: \.key)
        let plain = team.memberIDs.dropFirst().compactMap { id in company.users.first { $0.id == id } }.filter {
            names[$0.key]?.count == 1 && $0.name == $0.name.precomposedStringWithCanonicalMapping
        }
        return plain[skipping]
    }

    func team(_ roster: Roster, _ name: String) -> TeamEntry? { roster.teams.first { $0.name.value == name } }

    func load(_ file: String) -> Roster {
        let loaded = RosterLoader().load(paths: [file])
        #expect(loaded.isValid, "\(loaded.diagnostics)")
        return loaded.roster
    }

    /// `updateTeam` with the team's new members (its lead kept).
    func setMembers(_ sandbox: SandboxProcess, _ team: LiveTeam, _ members: [Int], name: String? = nil) throws {
        let query = "mutation($id: Int!, $input: UpdateTeamInput!) { updateTeam(id: $id, input: $input) { id } }"
        let input: [String: Any] = ["name": name ?? team.name, "teamLeadId": team.leadID, "memberIds": members]
        let answer = try sandbox.graphql(query, variables: ["id": team.id, "input": input])
        #expect(answer["errors"] == nil, "\(answer)")
    }

    /// Defects 2, 4 and 7: a branch moves one person out of a team and hires into another while
    /// the app moves someone else into the first team and renames a third. Pull keeps both sides'
    /// changes, the hire where the files put them and the rename as a rename; the plan afterwards
    /// is exactly the branch's edits.
    @Test func aBranchAndTheAppChangeOneTeamAndPullKeepsBoth() throws {
        let sandbox = try sandbox()
        defer { sandbox.stop() }
        let (folder, file) = try repository(sandbox)
        let (first, second, third) = (Self.company.teams[0], Self.company.teams[1], Self.company.teams[2])
        let leaving = Self.member(of: 0), joining = Self.member(of: 1)
        let place = load(file).teams.map(\.name.value).firstIndex(of: third.name)
        try git(["checkout", "-q", "-b", "quarter"], in: folder)
        for edit in [
            ["move", leaving.name, "--to", second.name],
            [
                "hire", "Test Newhire", "--craft", "Design", "--level", "Junior",
                "--team", third.name,
            ],
        ] {
            let result = try roster(edit + ["roster/"], sandbox, in: folder)
            #expect(result.code == 0, "\(edit): \(result.stderr)")
        }
        try git(["commit", "-q", "-am", "the quarter"], in: folder)
        // The app meanwhile: the joiner moves into the first team; the third team is renamed.
        try setMembers(sandbox, second, second.memberIDs.filter { $0 != joining.id })
        try setMembers(sandbox, first, first.memberIDs + [joining.id])
        try setMembers(sandbox, third, third.memberIDs, name: third.name + " Renamed")
        let pull = try roster(["pull", "roster/"], sandbox, in: folder)
        #expect(pull.code == 0, "\(pull.stderr)")
        let pulled = load(file)
        let firstMembers = team(pulled, first.name)?.members.map(\.value.name) ?? []
        #expect(!firstMembers.contains(leaving.name) && firstMembers.contains(joining.name), "\(firstMembers)")
        let secondMembers = team(pulled, second.name)?.members.map(\.value.name) ?? []
        #expect(secondMembers.contains(leaving.name) && !secondMembers.contains(joining.name), "\(secondMembers)")
        let renamed = team(pulled, third.name + " Renamed")
        #expect(renamed?.previously.map(\.value) == [third.name])
        #expect(renamed?.members.map(\.value.name).contains("Test Newhire") == true)
        #expect(pulled.teams.map(\.name.value).firstIndex(of: third.name + " Renamed") == place, "kept where it stood")
        let plan = try roster(["plan", "--format", "json", "roster/"], sandbox, in: folder)
        let json = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
        let names = Set((json?["people"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        #expect(names == [leaving.name, "Test Newhire"], "\(plan.stdout)")
    }

    /// Defects 3 and 4: the app deletes someone the branch moved, and moves elsewhere someone the
    /// branch moved too. Each is a conflict told in names; the roster written loads; `--take`
    /// resolves them without hand editing.
    @Test func conflictsAreToldInNamesAndTakeResolvesThem() throws {
        let sandbox = try sandbox()
        defer { sandbox.stop() }
        let (folder, file) = try repository(sandbox)
        let (first, second, third) = (Self.company.teams[0], Self.company.teams[1], Self.company.teams[2])
        let deleted = Self.member(of: 0), moved = Self.member(of: 0, skipping: 1)
        try git(["checkout", "-q", "-b", "quarter"], in: folder)
        for person in [deleted, moved] {
            let result = try roster(["move", person.name, "--to", second.name, "roster/"], sandbox, in: folder)
            #expect(result.code == 0, "\(result.stderr)")
        }
        try git(["commit", "-q", "-am", "the quarter"], in: folder)
        try setMembers(sandbox, first, first.memberIDs.filter { $0 != deleted.id && $0 != moved.id })
        try setMembers(sandbox, third, third.memberIDs + [moved.id])
        #expect(try sandbox.graphql("mutation { deleteUser(id: \(deleted.id)) }")["errors"] == nil)
        let pull = try roster(["pull", "roster/"], sandbox, in: folder)
        #expect(pull.code == 1, "\(pull.stderr)")
        #expect(
            pull.stderr.contains(
                "person \"\(deleted.name)\" teams: base \(first.name), files \(second.name), space deleted"),
            "\(pull.stderr)")
        #expect(
            pull.stderr.contains(
                "person \"\(moved.name)\" teams: base \(first.name), files \(second.name), space \(third.name)"),
            "\(pull.stderr)")
        #expect(!pull.stderr.contains("#\(moved.id)"), "told in names")
        #expect(try roster(["validate", "roster/"], sandbox, in: folder).code == 0)
        let take = try roster(
            ["pull", "--take", "space:person:\(moved.name),files", "roster/"], sandbox, in: folder)
        #expect(take.code == 0, "\(take.stderr)")
        let taken = load(file)
        #expect(team(taken, third.name)?.members.map(\.value.name).contains(moved.name) == true)
        #expect(team(taken, second.name)?.members.map(\.value.name).contains(deleted.name) == true)
    }

    /// Defect 5: pull never writes policy. Someone the app puts in a second team is written in one,
    /// named in the warning, and the one-team rule stays as the files say.
    @Test func pullNeverWritesPolicy() throws {
        let sandbox = try sandbox()
        defer { sandbox.stop() }
        let (folder, file) = try repository(sandbox)
        let twice = Self.member(of: 0)
        let second = Self.company.teams[1]
        try setMembers(sandbox, second, second.memberIDs + [twice.id])
        let pull = try roster(["pull", "roster/"], sandbox, in: folder)
        #expect(pull.code == 0, "\(pull.stderr)")
        #expect(
            pull.stderr.contains("\(twice.name) (\(Self.company.teams[0].name), \(second.name))"), "\(pull.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("oneTeamPerPerson"))
        #expect(team(load(file), second.name)?.members.map(\.value.name).contains(twice.name) == false)
    }

    /// Defect 6: a namesake is hired (the other pinned first), planned as a create, applied, and
    /// pinned by pull afterwards; the plan then has nothing to do.
    @Test func aNamesakeIsHiredAppliedAndPinned() throws {
        let sandbox = try sandbox()
        defer { sandbox.stop() }
        let (folder, file) = try repository(sandbox)
        let namesake = Self.member(of: 0)
        let team = Self.company.teams[3].name
        let refused = try roster(
            ["hire", namesake.name, "--namesake", "--craft", "Design", "--level", "Mid", "roster/"], sandbox, in: folder
        )
        #expect(refused.code == 1 && refused.stderr.contains("--id N"), "\(refused.stderr)")
        for edit in [
            ["set", "person", namesake.name, "--id", "\(namesake.id)"],
            ["hire", namesake.name, "--namesake", "--craft", "Design", "--level", "Mid", "--team", team],
        ] {
            let result = try roster(edit + ["roster/"], sandbox, in: folder)
            #expect(result.code == 0, "\(edit): \(result.stderr)")
        }
        let plan = try roster(["plan", "roster/"], sandbox, in: folder)
        #expect(plan.stdout.contains("Plan: 1 to create"), "\(plan.stdout)\(plan.stderr)")
        let apply = try roster(["apply", "--auto-approve", "roster/"], sandbox, in: folder)
        #expect(apply.code == 0, "\(apply.stdout)\(apply.stderr)")
        let pull = try roster(["pull", "roster/"], sandbox, in: folder)
        #expect(pull.code == 0, "\(pull.stderr)")
        let pulled = load(file)
        let both = pulled.people.filter { $0.key == namesake.key }
        #expect(both.count == 2 && both.allSatisfy { $0.id != nil }, "\(both)")
        let after = try roster(["plan", "--detailed-exitcode", "roster/"], sandbox, in: folder)
        #expect(after.code == 0, "\(after.stdout)\(after.stderr)")
    }

    /// Defect 1 and the edit commands on export's own file: every name whole on its line, and
    /// moves, removes and a pull after the app removed a member all work on it.
    @Test func theToolEditsItsOwnExport() throws {
        let sandbox = try sandbox()
        defer { sandbox.stop() }
        let (folder, file) = try repository(sandbox)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        for user in Self.company.users {
            let key = user.name.precomposedStringWithCanonicalMapping
            #expect(text.precomposedStringWithCanonicalMapping.contains(key), "\(user.name) is not whole")
        }
        let mover = Self.member(of: 4), gone = Self.member(of: 5)
        for edit in [["move", mover.name, "--to", Self.company.teams[6].name], ["remove", "person", gone.name]] {
            let result = try roster(edit + ["roster/"], sandbox, in: folder)
            #expect(result.code == 0, "\(edit): \(result.stderr)")
        }
        try git(["commit", "-q", "-am", "edits"], in: folder)
        let seventh = Self.company.teams[7]
        try setMembers(sandbox, seventh, Array(seventh.memberIDs.dropLast()))
        let pull = try roster(["pull", "roster/"], sandbox, in: folder)
        #expect(pull.code == 0, "\(pull.stderr)")
        #expect(try roster(["validate", "roster/"], sandbox, in: folder).code == 0)
    }
}
