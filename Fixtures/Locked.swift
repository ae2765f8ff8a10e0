import Foundation

/// A value behind an `NSLock` (not `Synchronization.Locked`, which needs macOS 15). The fixture
/// backend is a foreign server that shares no code with the clients, so it keeps its own.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
