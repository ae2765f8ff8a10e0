import NIOConcurrencyHelpers

/// Counts the answers waiting out a delay or paced out slowly, up to a limit.
final class DelayedAnswers: Sendable {
    let limit: Int
    private let waiting = NIOLockedValueBox(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place; `false` when all `limit` are taken.
    private func enter() -> Bool {
        waiting.withLockedValue { count in
            guard count < limit else { return false }
            count += 1
            return true
        }
    }

    /// Gives a place back.
    fileprivate func leave() {
        waiting.withLockedValue { $0 -= 1 }
    }

    /// A place held for as long as the returned value lives: for an answer whose body is paced
    /// out after the handler returned. `nil` when all `limit` are taken.
    func place() -> Place? {
        enter() ? Place(self) : nil
    }

    /// A place taken, given back when it is released.
    final class Place: Sendable {
        private let answers: DelayedAnswers

        fileprivate init(_ answers: DelayedAnswers) {
            self.answers = answers
        }

        deinit {
            answers.leave()
        }
    }
}
