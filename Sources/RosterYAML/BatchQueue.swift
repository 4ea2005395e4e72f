import Dispatch
import Foundation
import Synchronization

/// A bounded queue of batches between the parsing thread and the building thread (the fast
/// path for large inputs, see ``YAMLLoader/parallelThreshold``). Bounded so that a fast
/// parser cannot run ahead of the builder by more than a few batches of memory: `free` counts
/// the places left, `filled` the batches waiting.
final class BatchQueue: Sendable {
    private struct State {
        var batches: [EventBatch] = []
        var cancelled = false
    }

    private static let limit = 4
    private let state = Mutex(State())
    private let free = DispatchSemaphore(value: BatchQueue.limit)
    private let filled = DispatchSemaphore(value: 0)

    /// Adds a batch, waiting while the queue is full; false once the consumer has stopped.
    func push(_ batch: EventBatch) -> Bool {
        free.wait()
        return state.withLock { state in
            if state.cancelled { return false }
            state.batches.append(batch)
            filled.signal()
            return true
        }
    }

    /// The next batch, waiting for one.
    func pop() -> EventBatch {
        filled.wait()
        let batch = state.withLock { $0.batches.removeFirst() }
        free.signal()
        return batch
    }

    /// Tells the producer to stop: the consumer needs no more events.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.batches.removeAll()
        }
        free.signal()
    }
}
