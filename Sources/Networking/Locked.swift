import Foundation

/// A value behind an `NSLock`, for state that URLSession's threads and the caller's share.
///
/// `Synchronization.Mutex` would do the same job, but ThreadSanitizer on Linux cannot see it
/// (measured with Swift 6.3: two threads taking turns under a `Mutex` are reported as a race, under
/// an `NSLock` they are not; Docs/Reliability.md). Where nothing else orders the threads, as
/// between a caller and URLSession's delegate queue, a `Mutex` would make `make test-tsan` report
/// races that are not there.
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
