import RosterCore
import RosterReconcile

/// Packs one step's operations into documents, one for each call to ``next()``, in sending
/// order: first the full documents of each mutation, then what is left of every mutation,
/// together, so that a small step still travels in one document. Apply asks for a document when
/// it can send one, so the first is out before the rest are packed.
package struct DocumentPacker: IteratorProtocol {
    /// One document's operations (indices into the step) and its variables (the members of
    /// its variables object), before its body is assembled.
    struct Packed {
        var indices: [Int]
        var variables: [UInt8]
    }

    private let step: [PlanOperation]
    private let id: (PlannedPerson) -> Int?
    private let batcher: MutationBatcher
    private var templates = MutationBatcher.Templates()
    /// The operations of each mutation, in the order the mutations first appear in the step,
    /// then, once those are packed, what they left over.
    private var groups: [[Int]] = []
    private let mutationGroups: Int
    private var group = 0
    private var position = 0
    private var leftovers: [Int] = []
    private var current: [Int] = []
    private var writer = MutationBatcher.VariableWriter(out: [])
    private var size = 64

    /// `id(ref)` gives the live id of a person (created ones known by the time the step runs;
    /// a plan that only estimates passes a stand-in).
    init(_ step: [PlanOperation], id: @escaping (PlannedPerson) -> Int?, batcher: MutationBatcher) {
        self.step = step
        self.id = id
        self.batcher = batcher
        var byMutation: [PlanOperation.Mutation: Int] = [:]
        for (index, operation) in step.enumerated() {
            let mutation = operation.mutation
            if let group = byMutation[mutation] {
                groups[group].append(index)
            } else {
                byMutation[mutation] = groups.count
                groups.append([index])
            }
        }
        mutationGroups = groups.count
    }

    /// The next document, its body assembled; nil once every operation is in one.
    package mutating func next() -> MutationDocument? {
        guard let packed = nextPacked() else { return nil }
        let templates = packed.indices.enumerated().map { n, index in
            self.templates.template(step[index].mutation, n)
        }
        return MutationBatcher.document(packed.indices, variables: packed.variables, templates: templates)
    }

    /// The next document's operations and variables, its body not assembled (enough to count).
    mutating func nextPacked() -> Packed? {
        while group < groups.count {
            let indices = groups[group]
            while position < indices.count {
                if let full = add(indices[position]) { return full }
                position += 1
            }
            // A mutation's last document waits for the leftovers unless it is full.
            let last = take()
            let waits = group < mutationGroups && last.indices.count < batcher.maxAliases
            if waits { leftovers += last.indices }
            nextGroup()
            if !waits && !last.indices.isEmpty { return last }
        }
        return nil
    }

    /// Moves to the next group; after the last mutation's come the leftovers, packed together.
    private mutating func nextGroup() {
        group += 1
        position = 0
        if group == mutationGroups { groups.append(leftovers) }
    }

    /// Adds the operation at `index` to the document being packed. When it does not fit, returns
    /// that document instead, and the operation opens the next one.
    private mutating func add(_ index: Int) -> Packed? {
        let n = current.count
        let mark = writer.out.count
        MutationBatcher.writeVariables(step[index], alias: n, id: id, to: &writer)
        let pieceSize = templates.template(step[index].mutation, n).size + writer.out.count - mark
        if current.isEmpty || (size + pieceSize <= batcher.maxBytes - 512 && current.count < batcher.maxAliases) {
            current.append(index)
            size += pieceSize
            return nil
        }
        writer.out.removeSubrange(mark...)
        return take()
    }

    /// The document packed so far; packing starts a new one.
    private mutating func take() -> Packed {
        defer {
            current = []
            writer = MutationBatcher.VariableWriter(out: [])
            size = 64
        }
        return Packed(indices: current, variables: writer.out)
    }
}
