import Foundation
import Synchronization

/// The process's standard streams, written with `write(2)`: a reader that goes away (EPIPE;
/// the executables ignore SIGPIPE) closes the stream for good instead of ending the process.
package final class StandardConsole: Console, Sendable {
    private let closed = Mutex<Set<Int32>>([])

    package init() {}

    package func writeOut(_ text: String) { write(text, to: 1) }

    package func writeErr(_ text: String) { write(text, to: 2) }

    package var stdoutClosed: Bool { closed.withLock { $0.contains(1) } }

    private func write(_ text: String, to descriptor: Int32) {
        guard !closed.withLock({ $0.contains(descriptor) }) else { return }
        var text = text
        text.withUTF8 { bytes in
            var rest = UnsafeRawBufferPointer(bytes)
            while !rest.isEmpty {
                let written = Foundation.write(descriptor, rest.baseAddress, rest.count)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    _ = closed.withLock { $0.insert(descriptor) }
                    return
                }
                rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(written))
            }
        }
    }

    package func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    package var stdinIsTerminal: Bool { isatty(0) == 1 }
    package var stdoutIsTerminal: Bool { isatty(1) == 1 }
    package var stderrIsTerminal: Bool { isatty(2) == 1 }
}
