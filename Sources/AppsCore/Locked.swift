import Foundation

/// A value behind an `NSLock`, for state that several threads share.
///
/// The package's libraries use it instead of `Synchronization.Mutex` for two reasons:
/// - `Mutex` needs iOS 18 / macOS 15, while the libraries support iOS 17 / macOS 14
///   (Docs/Platforms.md).
/// - ThreadSanitizer on Linux cannot see a `Mutex` (measured with Swift 6.3: two threads taking
///   turns under a `Mutex` are reported as a race, under an `NSLock` they are not;
///   Docs/Reliability.md), so `make test-tsan` would report races that are not there.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock; what `body` returns is returned.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
