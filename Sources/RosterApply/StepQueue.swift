import RosterReconcile

/// The documents of one step still to send: the step's own, packed as they are needed, then
/// those of operations sent again after a failed alias. Each document comes with the operations
/// its indices refer to.
struct StepQueue {
    private var sources: [(documents: AnyIterator<MutationDocument>, ops: [PlanOperation])]
    private var packed: [(MutationDocument, [PlanOperation])] = []

    init(_ documents: AnyIterator<MutationDocument>, step: [PlanOperation]) {
        sources = [(documents, step)]
    }

    /// Packs up to `count` documents ahead, while the first is out.
    mutating func prefetch(_ count: Int) {
        while packed.count < count, let document = pull() { packed.append(document) }
    }

    mutating func add(_ documents: AnyIterator<MutationDocument>, step: [PlanOperation]) {
        sources.append((documents, step))
    }

    mutating func next() -> (MutationDocument, [PlanOperation])? {
        packed.isEmpty ? pull() : packed.removeFirst()
    }

    private mutating func pull() -> (MutationDocument, [PlanOperation])? {
        while let source = sources.first {
            if let document = source.documents.next() { return (document, source.ops) }
            sources.removeFirst()
        }
        return nil
    }
}
