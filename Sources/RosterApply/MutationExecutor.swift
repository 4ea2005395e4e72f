import RosterReconcile

/// Packs a step's operations into requests, sends one request at a time and says what became of
/// it. ``ApplyEngine`` drives one; the real one speaks GraphQL to MPS, tests script every outcome.
package protocol MutationExecutor: Sendable {
    /// The step's operations grouped into requests, every operation in exactly one, packed as
    /// the engine asks for them: the first is sent before the rest are packed. `liveID` gives
    /// the id of a person an operation refers to, those created earlier in the apply included.
    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument>

    /// Sends `document` once and classifies the answer.
    func execute(_ document: MutationDocument) async -> DocumentOutcome
}
