import Foundation
import MPSClient
import RosterApply
import RosterReconcile
import RosterSession
import Synchronization

/// A server that answers every document at once, each alias with a new id: what is left of
/// apply's time is the engine's own work (packing documents, bookkeeping).
final class InstantExecutor: MutationExecutor {
    private let packer: GraphQLMutationExecutor
    private let nextID = Mutex(100_000)

    init(client: GraphQLClient) {
        packer = GraphQLMutationExecutor(client: client, space: nil)
    }

    func documents(
        for step: [PlanOperation], liveID: @escaping (PlannedPerson) -> Int?
    ) -> AnyIterator<MutationDocument> {
        packer.documents(for: step, liveID: liveID)
    }

    func execute(_ document: MutationDocument) async -> DocumentOutcome {
        let first = nextID.withLock { next in
            defer { next += document.aliases.count }
            return next
        }
        var ids: [String: Int] = [:]
        for (offset, alias) in document.aliases.enumerated() { ids[alias] = first + offset }
        return .applied(ids)
    }
}
