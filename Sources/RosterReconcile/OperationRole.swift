/// Why an operation exists: the entity's final state, or a release update that lets people
/// leave a team before others take them in (the same team's final update follows).
package enum OperationRole: String, Sendable, Hashable {
    case final
    case release
}
