import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// One world's share of NIO's thread pool, where costly matching runs (user patterns: regular
/// expressions, JSON): at most ``limit`` of its requests at once, the rest waiting their turn
/// without holding a thread. A sandbox that sends a hundred catastrophic patterns at once keeps
/// one of the pool's threads busy, never all of them, so another sandbox's costly stubs and
/// journal searches still find a thread. (A request's matching budget runs while it waits, so a
/// long queue drains quickly: each one left is answered as unmatched.)
final class CostlyWork: Sendable {
    /// How many of one world's requests may be on the pool at once: all of its threads but one.
    static let defaultLimit = max(1, System.coreCount - 1)

    let limit: Int
    private let state = NIOLockedValueBox<(running: Int, waiting: CircularBuffer<CheckedContinuation<Void, Never>>)>(
        (0, []))

    init(limit: Int = CostlyWork.defaultLimit) {
        self.limit = limit
    }

    /// `work`'s result, run on NIO's thread pool when this world's turn comes; `nil` when the pool
    /// has shut down.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result? {
        await enter()
        defer { leave() }
        return try? await NIOThreadPool.singleton.runIfActive(work)
    }

    /// How many of its requests wait for a turn.
    var waiting: Int { state.withLockedValue { $0.waiting.count } }

    private func enter() async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = state.withLockedValue { state in
                guard state.running < limit else {
                    state.waiting.append(turn)
                    return false
                }
                state.running += 1
                return true
            }
            if now { turn.resume() }
        }
    }

    private func leave() {
        // The place passes straight to the first waiting, if any.
        let next = state.withLockedValue { state in
            guard !state.waiting.isEmpty else {
                state.running -= 1
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
