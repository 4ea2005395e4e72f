import RosterModel

/// A small space's quarter, dated: Ed's last day on 31 December, Chris out of Payments from
/// 1 January, and Dee, who starts on the 4th, leading Platform from then with Chris in it. The
/// space before the quarter and once it is applied, for the tests of planning, pulling and applying
/// what the roster dates.
package enum DatedQuarter {
    package static let text = """
        version: 1
        people:
          - {name: Ana Souza, craft: Engineering, level: Senior}
          - {name: Bo Chen, craft: Engineering, level: Mid}
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

    package static func user(
        _ id: Int, _ name: String, _ level: JobLevel = .mid, craft: Craft = .engineering
    ) -> LiveUser {
        LiveUser(id: id, name: name, craft: craft, level: level, focus: .notApplicable, levelStartDate: nil)
    }

    /// The space before the quarter: Ed still here, Chris in Payments, no Dee, no Platform.
    package static let before = LiveState(
        space: LiveSpace(id: "s", name: "S", isOwner: true),
        users: [user(1, "Ana Souza", .senior), user(2, "Bo Chen"), user(3, "Chris López"), user(5, "Ed Old")],
        teams: [LiveTeam(id: 10, name: "Payments", leadID: 1, memberIDs: [1, 2, 3, 5])], levels: [])

    /// The space once the quarter's changes are applied.
    package static let after = LiveState(
        space: LiveSpace(id: "s", name: "S", isOwner: true),
        users: [
            user(1, "Ana Souza", .senior), user(2, "Bo Chen"), user(3, "Chris López"),
            user(6, "Dee New", .junior, craft: .design),
        ],
        teams: [
            LiveTeam(id: 10, name: "Payments", leadID: 1, memberIDs: [1, 2]),
            LiveTeam(id: 11, name: "Platform", leadID: 6, memberIDs: [6, 3]),
        ], levels: [])
}
