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
