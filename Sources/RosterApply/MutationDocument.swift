import Foundation
import RosterReconcile

/// One request of a step: the operations it carries, the alias of each, and its body as the
/// ``MutationExecutor`` encoded it (for MPS, a GraphQL document of aliased mutations).
package struct MutationDocument: Sendable {
    /// Indices into the step of the operations, in document (and execution) order.
    var operations: [Int]
    /// The aliases, in the same order (`a0`, `a1`, …).
    package var aliases: [String]
    package var body: Data

    init(operations: [Int], aliases: [String], body: Data) {
        self.operations = operations
        self.aliases = aliases
        self.body = body
    }
}
