/// The MPS schema's field and input names roster reads and writes (MPS's GraphQL schema), each spelled
/// once: the live read's query and its decoder, the mutations' variables, a saved plan's inputs
/// and what an older server lacks all use these.
package enum MPSField {
    /// `User` and `CreateUserInput`/`UpdateUserInput`.
    package enum User: String, Sendable, CaseIterable {
        case id, fullName, craftAbility, jobLevel, craftFocus, levelStartDate
    }

    /// `Team` and `CreateTeamInput`/`UpdateTeamInput`.
    package enum Team: String, Sendable {
        case id, name, teamLead, members, teamLeadId, memberIds
    }

    /// `JobLevelLimit` and `setJobLevelLimit`'s arguments.
    package enum Limit: String, Sendable {
        case jobLevel, limitMonths
    }
}
