import AppsCore

/// A clock whose sleeps return at once, advancing its time and recording each duration: for
/// testing backoff without waiting. A cancelled task's sleep throws, as a real clock's does.
public final class RecordingClock: Clock, Sendable {
    /// A point of the clock's time: how far it is from the start.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock started.
        public var offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// How long from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Orders instants in time.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Locked<(now: Instant, sleeps: [Duration])>((Instant(offset: .zero), []))

    /// A clock at its start, with no sleeps recorded.
    /// ```swift
    /// let clock = RecordingClock()
    /// let client = RetryingHTTPClient(flaky, clock: clock, random: { 0.5 })
    /// _ = try? await client.send(request)
    /// #expect(clock.sleeps == [.milliseconds(100), .milliseconds(200)])
    /// ```
    public init() {}

    /// The clock's time: the start plus every sleep.
    public var now: Instant { state.withLock { $0.now } }
    /// Zero: the clock has no resolution to speak of.
    public var minimumResolution: Duration { .zero }

    /// Every duration slept, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Records the sleep and advances the time at once; throws if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance _: Duration?) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(state.now.duration(to: deadline))
            state.now = max(state.now, deadline)
        }
    }
}

/// A clock whose sleeps last until their task is cancelled, announcing each one as it begins: for
/// testing what cancelling during a wait (a backoff, a debounce) does, with no wall clock.
///
/// ```swift
/// let clock = HoldingClock()
/// let task = Task { try await client.send(request) }  // retries after a backoff on `clock`
/// var sleeps = clock.sleepsStarted.makeAsyncIterator()
/// #expect(await sleeps.next() == .seconds(60))  // the task is in its backoff now
/// task.cancel()
/// ```
public final class HoldingClock: Clock, Sendable {
    /// A point of the clock's time; the clock stays at its start.
    public typealias Instant = RecordingClock.Instant

    /// Each sleep's duration as it begins, in order.
    public let sleepsStarted: AsyncStream<Duration>
    private let started: AsyncStream<Duration>.Continuation

    /// A clock at its start.
    public init() {
        (sleepsStarted, started) = AsyncStream.makeStream()
    }

    /// The start: no sleep ever ends but by cancellation.
    public var now: Instant { Instant(offset: .zero) }
    /// Zero: the clock has no resolution to speak of.
    public var minimumResolution: Duration { .zero }

    /// Announces the sleep, then waits until the task is cancelled and throws `CancellationError`.
    public func sleep(until deadline: Instant, tolerance _: Duration?) async throws {
        started.yield(now.duration(to: deadline))
        while true { try await Task.sleep(for: .seconds(86_400)) }
    }
}
