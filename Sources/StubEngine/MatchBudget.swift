import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much work matching one request may take, all stubs together: every regular expression of
/// every stub tried draws from it, and once it is spent nothing more is tried and the request is
/// answered as unmatched (the journal says why). A catastrophic pattern, or ten thousand of them,
/// costs one request this allowance, never the server its other requests.
///
/// The allowance is CPU time of the threads that do the work, not time on the wall: a request
/// waiting for a core on a busy machine (a CI runner, sixteen requests in flight on two cores)
/// spends none of it, so a request that matches when the server is idle matches under any load.
/// Readings on one thread add up; work moved to another thread starts counting there. A piece of
/// work that starts after the thread did other requests' work calls ``resume()`` first, so that
/// work is not charged to this request.
///
/// One request's: made for it, read by the one task that matches it.
package final class MatchBudget: @unchecked Sendable {
    /// What a request may spend by default: enough for hundreds of ordinary patterns, a blink for
    /// a user.
    package static let defaultAllowance: Duration = .milliseconds(100)

    package let allowance: Duration
    /// The CPU time counted so far.
    private var used: Duration = .zero
    /// The thread of the last reading and its CPU time then.
    private var lastReading: (thread: pthread_t, cpu: Duration)
    /// Whether the allowance ran out before matching was done.
    package private(set) var isSpent = false

    package init(_ allowance: Duration = MatchBudget.defaultAllowance) {
        self.allowance = allowance
        lastReading = (pthread_self(), Self.threadCPUTime())
    }

    /// Starts counting again from now on this thread, charging nothing for the time since the last
    /// reading: called where a synchronous piece of the request's work begins.
    package func resume() {
        lastReading = (pthread_self(), Self.threadCPUTime())
    }

    /// Whether the allowance is used up, reading the CPU time.
    var isSpentNow: Bool { remaining == 0 }

    /// The CPU time left, in seconds; 0 (and spent) once the allowance is used up.
    var remaining: TimeInterval {
        let left = allowance - read()
        guard left > .zero else {
            isSpent = true
            return 0
        }
        return left.seconds
    }

    /// Spends what is left: work that stopped at a bound of its own (an XPath's visits) ends the
    /// request's matching as running out of time would, so the answer does not depend on which
    /// bound a machine reaches first.
    func spendAll() {
        isSpent = true
        used = allowance
    }

    /// Adds the CPU time this thread used since the last reading on it.
    private func read() -> Duration {
        let (thread, now) = (pthread_self(), Self.threadCPUTime())
        if pthread_equal(thread, lastReading.thread) != 0 { used += now - lastReading.cpu }
        lastReading = (thread, now)
        return used
    }

    /// The CPU time the calling thread has used: what a piece of work costs, however busy the
    /// machine is.
    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    var seconds: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}
