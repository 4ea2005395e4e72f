import Testing

@testable import RosterApply
@testable import RosterSession

/// MPS's words for a refused mutation, classified where they are known: apply reads kinds, never the text.
@Suite struct MutationExecutorTests {
    @Test func refusedMutationsAreClassified() {
        #expect(GraphQLMutationExecutor.classify("No user found with that email").kind == .noAccount)
        let sql = GraphQLMutationExecutor.classify("Failed query: delete from \"users\"\nparams: 7")
        #expect(sql.kind == .databaseRefused && sql.server == "Failed query: delete from \"users\" params: 7")
        #expect(GraphQLMutationExecutor.classify("User not found").kind == .other)
    }
}
