import Testing

@testable import RosterCore
@testable import RosterModel
@testable import RosterYAML

/// The loader's stages, each alone, in the order a roster file goes through them: bytes →
/// YAMLLoader (one node tree) → RosterFileDecoder (entries, defaults applied as each is decoded)
/// → RosterValidator.merge (the files as one roster, references resolved).
@Suite struct LoaderStagesTests {
    static let text = """
        version: 1
        people:
          - {name: Ada Park}
          - {name: Bo Lind, level: Staff}
        defaults: {craft: Design, level: Mid, focus: NotApplicable}
        teams:
          - {name: Core, lead: Ada Park, members: [Bo Lind]}
        """

    @Test func theYAMLStageBuildsOneTreeAndKnowsNoRosters() throws {
        let parsed = YAMLLoader().load(Array(Self.text.utf8), file: "r.yaml")
        let document = try #require(parsed.document)
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(document.root)
        #expect(document.kind(root) == .mapping && document.pairCount(root) == 4)
    }

    @Test func theDecoderAppliesDefaultsWrittenAfterThePeopleAsEachPersonIsDecoded() throws {
        let document = try #require(YAMLLoader().load(Array(Self.text.utf8), file: "r.yaml").document)
        var decoder = RosterFileDecoder(path: "r.yaml")
        let (file, diagnostics) = decoder.decode(document)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(file.people.map(\.craft) == [.design, .design])
        #expect(file.people.map(\.level) == [.mid, .staff])
        #expect(file.people.map(\.name.location.line) == [3, 4])
        // Teams are decoded, not yet resolved: their references are names.
        #expect(file.teams.first?.members.map(\.value.name) == ["Bo Lind"])
    }

    @Test func theDecoderSaysWhatAPersonLacksAtThePerson() throws {
        let document = try #require(
            YAMLLoader().load(Array("version: 1\npeople:\n  - {name: Ada Park, craft: Design}\n".utf8), file: "r.yaml")
                .document)
        var decoder = RosterFileDecoder(path: "r.yaml")
        let (_, diagnostics) = decoder.decode(document)
        #expect(diagnostics.map(\.code) == [.missingField])
        #expect(diagnostics.allSatisfy { $0.location?.line == 3 })
    }

    @Test func mergingMakesOneRosterAndResolvesTheTeamsAcrossFiles() throws {
        func file(_ text: String, _ path: String) throws -> RosterFile {
            let document = try #require(YAMLLoader().load(Array(text.utf8), file: path).document)
            var decoder = RosterFileDecoder(path: path)
            return decoder.decode(document).0
        }
        let people = try file(
            "version: 1\npeople: [{name: Ada Park, craft: Design, level: Mid, focus: NotApplicable}]\n", "people.yaml")
        let teams = try file("version: 1\nteams: [{name: Core, lead: Ada Park}]\n", "teams.yaml")
        let (roster, diagnostics) = RosterValidator.merge([people, teams])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(roster.people.count == 1 && roster.teams.count == 1)
        let (_, alone) = RosterValidator.merge([teams])
        #expect(alone.map(\.code) == [.unknownPerson])
    }
}
