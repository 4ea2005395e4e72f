import Dispatch
import Foundation
import Synchronization

/// libyaml on a second thread, handing its events over in batches: the one fast path of the
/// YAML layer, for inputs of ``YAMLLoader/backgroundThreshold`` bytes and more, where parsing
/// is most of `validate`'s time and building the tree overlaps it almost fully.
struct BackgroundEventParser: EventSource {
    /// Events with their scalars' bytes and their rare strings (tags, anchors), and how the parse
    /// ended if it did. Events are stored as plain values: copying and freeing them costs nothing.
    struct Batch: Sendable {
        struct Packed {
            var kind: EventParser.Event.Kind
            var style: ScalarStyle
            var line: Int32
            var column: Int32
            var start: Int32
            var count: Int32
            /// Indices into `strings`, or -1.
            var tag: Int32
            var anchor: Int32
        }

        var events: [Packed] = []
        var text: [UInt8] = []
        var strings: [String] = []
        var failure: ParseFailure?

        mutating func append(_ event: EventParser.Event, from parser: EventParser, start: Int, count: Int) {
            func intern(_ string: String?) -> Int32 {
                guard let string else { return -1 }
                strings.append(string)
                return Int32(strings.count - 1)
            }
            events.append(
                Packed(
                    kind: event.kind, style: event.style, line: Int32(event.line), column: Int32(event.column),
                    start: Int32(start), count: Int32(count), tag: intern(event.hasTag ? parser.tag() : nil),
                    anchor: intern(event.hasAnchor ? parser.anchor() : nil)))
        }

        func event(_ i: Int) -> EventParser.Event {
            let p = events[i]
            return EventParser.Event(
                kind: p.kind, style: p.style, line: Int(p.line), column: Int(p.column), hasTag: p.tag >= 0,
                hasAnchor: p.anchor >= 0)
        }
    }

    static let batchSize = 8192
    private let channel: Channel
    private var batch = Batch()
    private var index = 0

    /// Runs `body` with the events of `bytes`, parsed on a second thread. The thread has ended
    /// when this returns, even when `body` stopped reading early.
    static func parse<R>(_ bytes: [UInt8], _ body: (inout BackgroundEventParser) -> R) -> R {
        let channel = Channel()
        Thread { produce(bytes, into: channel) }.start()
        var source = BackgroundEventParser(channel: channel)
        let result = body(&source)
        channel.finish()
        return result
    }

    var failure: ParseFailure { batch.failure ?? .outOfMemory }

    mutating func next() -> EventParser.Event? {
        while index == batch.events.count {
            if batch.failure != nil { return nil }
            batch = channel.pop()
            index = 0
        }
        index += 1
        return batch.event(index - 1)
    }

    func tag() -> String? {
        let i = batch.events[index - 1].tag
        return i < 0 ? nil : batch.strings[Int(i)]
    }

    func anchor() -> String? {
        let i = batch.events[index - 1].anchor
        return i < 0 ? nil : batch.strings[Int(i)]
    }

    func appendScalar(to text: inout [UInt8]) {
        let last = batch.events[index - 1]
        text.append(contentsOf: batch.text[Int(last.start)..<Int(last.start + last.count)])
    }

    /// The parsing thread's work: batches until the end, an error, or the consumer stopping.
    private static func produce(_ bytes: [UInt8], into channel: Channel) {
        var batch = Batch()
        let parsed: Void? = EventParser.parse(bytes) { parser in
            while true {
                guard let event = parser.next() else {
                    batch.failure = parser.failure
                    return
                }
                let start = batch.text.count
                if event.kind == .scalar { parser.appendScalar(to: &batch.text) }
                batch.append(event, from: parser, start: start, count: batch.text.count - start)
                if event.kind == .streamEnd { return }
                if batch.events.count >= batchSize {
                    guard channel.push(batch) else { return }
                    batch = Batch()
                }
            }
        }
        if parsed == nil { batch.failure = .outOfMemory }
        _ = channel.push(batch)
        channel.producerEnded()
    }

    /// A bounded queue of batches between the two threads: the parser cannot run ahead of the
    /// builder by more than a few batches of memory. `free` counts the places left, `filled` the
    /// batches waiting; every place taken is given back (libdispatch refuses to free a semaphore
    /// below its starting count), also when the builder stops early and batches are dropped.
    final class Channel: Sendable {
        private struct State {
            var batches: [Batch] = []
            var stopped = false
        }

        private let state = Mutex(State())
        private let free = DispatchSemaphore(value: 4)
        private let filled = DispatchSemaphore(value: 0)
        private let ended = DispatchSemaphore(value: 0)

        /// Adds a batch, waiting while the queue is full; false once the builder has stopped.
        func push(_ batch: Batch) -> Bool {
            free.wait()
            let queued = state.withLock { state in
                guard !state.stopped else { return false }
                state.batches.append(batch)
                return true
            }
            // A stopped builder takes nothing: the place goes back.
            if queued { filled.signal() } else { free.signal() }
            return queued
        }

        /// The next batch, waiting for one.
        func pop() -> Batch {
            filled.wait()
            let batch = state.withLock { $0.batches.removeFirst() }
            free.signal()
            return batch
        }

        func producerEnded() { ended.signal() }

        /// Stops the producer (if still running) and waits for it to end.
        func finish() {
            let dropped = state.withLock { state in
                state.stopped = true
                defer { state.batches.removeAll() }
                return state.batches.count
            }
            // The dropped batches' places, and one more for a producer waiting for a place.
            for _ in 0...dropped { free.signal() }
            ended.wait()
        }
    }
}
