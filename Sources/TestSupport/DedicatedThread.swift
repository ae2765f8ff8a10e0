import Foundation

/// `work`'s result, computed on a thread of its own while the calling task waits without holding
/// a thread of Swift's cooperative pool.
///
/// Swift Testing runs a synchronous test on that pool, which has about one thread per core. A test
/// that computes for seconds (a bound reached, a large input parsed) holds one of them, and two
/// such tests at once leave none for the async code of the same process: an in-process
/// `FixtureServer` answers no request until they end, and a live test beside them times out. Run
/// the costly part here instead, and check its result in the test:
///
/// ```swift
/// @Test func aYearOfDrawsDecodes() async throws {
///     let feed = try Data(contentsOf: yearOfDrawsURL)
///     let draws = try await onADedicatedThread { try JSONDecoder().decode([Draw].self, from: feed) }
///     #expect(draws.count == 104)
/// }
/// ```
public func onADedicatedThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
