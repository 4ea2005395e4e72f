/// Sends one document of aliased mutations and says what became of it. ``ApplyEngine`` drives
/// one; the real one speaks GraphQL to MPS, tests script every outcome.
public protocol MutationExecutor: Sendable {
    func execute(_ document: MutationDocument) async -> DocumentOutcome
}
