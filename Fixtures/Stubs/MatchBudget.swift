import Foundation

/// How long matching one request may take, all stubs together: every regular expression of every
/// stub tried draws from it, and once it is spent nothing more is tried and the request is
/// answered as unmatched (the journal says why). A catastrophic pattern, or ten thousand of them,
/// costs one request this allowance, never the server its other requests.
///
/// One request's: made for it, read by the one task that matches it.
package final class MatchBudget: @unchecked Sendable {
    /// What a request may spend by default: enough for hundreds of ordinary patterns, a blink for
    /// a user.
    package static let defaultAllowance: Duration = .milliseconds(100)

    package let allowance: Duration
    private let deadline: ContinuousClock.Instant
    /// Whether the allowance ran out before matching was done.
    package private(set) var isSpent = false

    package init(_ allowance: Duration = MatchBudget.defaultAllowance) {
        self.allowance = allowance
        deadline = .now + allowance
    }

    /// Whether the deadline has passed, looking at the clock.
    var isSpentNow: Bool { remaining == 0 }

    /// The time left, in seconds; 0 (and spent) once the deadline has passed.
    var remaining: TimeInterval {
        let left = ContinuousClock.now.duration(to: deadline)
        guard left > .zero else {
            isSpent = true
            return 0
        }
        let parts = left.components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }

}
