import AppsCore
import Observation
import Testing

/// Waits, without polling or sleeping, until `condition` holds for an `@Observable` model:
/// it is checked now and again after each change Observation reports, as SwiftUI would re-render.
///
/// When it does not hold within `timeLimit` (a value that is not observable never reports a
/// change, a model that never gets there), the test fails at the caller's line, naming the
/// condition, and the wait returns `false`.
///
/// ```swift
/// let load = Task { await results.load() }
/// await waitUntil("the draws are loading") { results.state.isLoading }
/// load.cancel()
/// ```
///
/// - Parameters:
///   - description: what the condition means, for the failure: `the draws are loading`.
///   - timeLimit: how long to wait before failing; ten seconds by default.
///   - clock: the clock `timeLimit` is measured on.
///   - sourceLocation: where a failure is reported; the caller's line by default.
///   - condition: read on the main actor, as a view's `body` reads its model.
/// - Returns: whether the condition held; `false` after the failure was recorded.
@MainActor
@discardableResult
public func waitUntil<C: Clock<Duration>>(
    _ description: String? = nil, timeLimit: Duration = .seconds(10), clock: C = ContinuousClock(),
    sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping @MainActor () -> Bool
) async -> Bool {
    let waiter = ObservationWaiter()
    let timer = Task { [waiter] in
        try? await clock.sleep(for: timeLimit)
        waiter.resume(timedOut: !Task.isCancelled)
    }
    defer { timer.cancel() }
    while !condition() {
        let timedOut = await withCheckedContinuation { continuation in
            waiter.wait(continuation)
            withObservationTracking {
                _ = condition()
            } onChange: {
                waiter.resume(timedOut: false)
            }
        }
        if timedOut {
            Issue.record(
                "waitUntil: \(description ?? "the condition") did not hold within \(timeLimit)",
                sourceLocation: sourceLocation)
            return false
        }
    }
    return true
}

/// The one continuation a wait is suspended on, resumed once by a change or by the time limit;
/// a time limit that passes between two waits is kept for the next one.
private final class ObservationWaiter: Sendable {
    private let state = Locked<(continuation: CheckedContinuation<Bool, Never>?, timedOut: Bool)>((nil, false))

    func wait(_ continuation: CheckedContinuation<Bool, Never>) {
        let timedOut = state.withLock { state in
            if !state.timedOut { state.continuation = continuation }
            return state.timedOut
        }
        if timedOut { continuation.resume(returning: true) }
    }

    func resume(timedOut: Bool) {
        let continuation = state.withLock { state in
            if timedOut { state.timedOut = true }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(returning: timedOut)
    }
}
