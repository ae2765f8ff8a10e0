import Foundation

/// A value behind an `NSLock` (not `Synchronization.Locked`, which needs macOS 15). The fixture
/// backend and its stub engine are a foreign server that shares no code with the clients, so
/// they keep their own.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
