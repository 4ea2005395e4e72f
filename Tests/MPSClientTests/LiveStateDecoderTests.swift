import Foundation
import Testing

@testable import MPSClient

/// The live-state decoder reads the answer of the one read, straight from its bytes; anything but a
/// clean answer is left to the general parser, which says what is wrong.
@Suite struct LiveStateDecoderTests {
    static let answer = """
        {"data": {
          "mySpaces": [{"id": "u_other", "name": "Olga", "isOwner": false}, {"id": "u_me", "name": "Me", "isOwner": true}],
          "users": [
            {"id": 1, "fullName": "Ana", "craftAbility": "Engineering", "jobLevel": "Mid", "craftFocus": "Backend",
             "levelStartDate": "2024-01-02", "extra": {"ignored": [1, 2]}},
            {"id": 2, "fullName": "Ben \\u00e9", "craftAbility": "Design", "jobLevel": "Senior", "craftFocus": "NotApplicable",
             "levelStartDate": null}
          ],
          "teams": [{"id": 7, "name": "Red", "teamLead": {"id": 1}, "members": [{"id": 1}, {"id": 2}]}],
          "jobLevelLimits": [{"jobLevel": "Junior", "limitMonths": 18}],
          "spaceMembers": [{"authId": "a1", "email": "grace@example.com", "name": null}]
        }}
        """

    @Test func aCleanAnswerIsReadWhole() throws {
        let decoded = try #require(LiveStateDecoder.decode(Data(Self.answer.utf8)))
        #expect(decoded.spaces.map(\.id) == ["u_other", "u_me"] && decoded.spaces.map(\.isOwner) == [false, true])
        #expect(decoded.users.map(\.name) == ["Ana", "Ben é"])
        #expect(decoded.users[0].levelStartDate == "2024-01-02" && decoded.users[1].levelStartDate == nil)
        #expect(decoded.users[1].craft == .design && decoded.users[1].focus == .notApplicable)
        #expect(decoded.teams.first?.leadID == 1 && decoded.teams.first?.memberIDs == [1, 2])
        #expect(decoded.levels.first?.level == .junior && decoded.levels.first?.limitMonths == 18)
        #expect(decoded.members.first?.email == "grace@example.com" && decoded.members.first?.name == "")
    }

    @Test(arguments: [
        #"{"errors": [{"message": "Not authenticated"}], "data": null}"#,
        #"{"data": {"users": [{"id": "1", "fullName": "Ana"}]}}"#,
        #"{"data": {"teams": [{"id": 7, "name": "Red", "members": []}]}}"#,
        #"{"data": {"users": ["#, "[]", "",
    ])
    func anythingButACleanAnswerIsLeftToTheGeneralParser(_ body: String) {
        #expect(LiveStateDecoder.decode(Data(body.utf8)) == nil)
    }

    /// A value of a newer MPS is kept as the server wrote it, never fatal.
    @Test func valuesRosterDoesNotKnowAreKeptAsWritten() throws {
        let body =
            #"{"data": {"users": [{"id": 1, "fullName": "Ana", "craftAbility": "Security", "#
            + #""jobLevel": "Distinguished", "craftFocus": "Backend"}], "jobLevelLimits": "#
            + #"[{"jobLevel": "Distinguished", "limitMonths": 60}]}}"#
        let decoded = try #require(LiveStateDecoder.decode(Data(body.utf8)))
        #expect(decoded.users.first?.craft == .unknown("Security"))
        #expect(decoded.users.first?.level == .unknown("Distinguished"))
        #expect(decoded.users.first?.craft.rawValue == "Security")
        #expect(decoded.levels.first?.level == .unknown("Distinguished"))
    }
}
