import Foundation

/// Values kept until the process exits. Freeing a large roster object by object costs as much
/// as a good part of loading it, and the process is about to end anyway: like compilers that
/// skip freeing their ASTs, commands hand such values here instead of releasing them.
public enum ProcessLifetime {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = NSLock()

    /// Keeps `value` alive until exit. Safe from any thread.
    public static func keep(_ value: Any) {
        lock.lock()
        defer { lock.unlock() }
        kept.append(value)
    }
}
