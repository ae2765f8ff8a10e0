import NIOConcurrencyHelpers

/// Counts the answers waiting out a delay, up to a limit.
final class DelayedAnswers: Sendable {
    let limit: Int
    private let waiting = NIOLockedValueBox(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place; `false` when all `limit` are taken.
    func enter() -> Bool {
        waiting.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    func leave() {
        waiting.withLockedValue { $0 -= 1 }
    }
}
