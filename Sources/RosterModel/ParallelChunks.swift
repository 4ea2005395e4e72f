import Dispatch
import Synchronization

/// Work over many items, split into chunks that run on all cores, with the results in the
/// items' order: the model layer's fast path for rosters of thousands of teams, whose references
/// ``ReferenceResolver`` resolves. Below two chunks, everything runs on the calling thread.
enum ParallelChunks {
    /// `work` over the chunks of `0..<count`, in order.
    static func map<T: Sendable>(count: Int, chunkSize: Int, _ work: @Sendable (Range<Int>) -> T) -> [T] {
        let chunks = (count + chunkSize - 1) / chunkSize
        guard chunks > 1 else { return chunks == 1 ? [work(0..<count)] : [] }
        let results = Mutex([T?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let result = work((chunk * chunkSize)..<min(count, (chunk + 1) * chunkSize))
            results.withLock { $0[chunk] = result }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
