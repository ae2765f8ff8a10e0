import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where one world's costly matching (user patterns: regular expressions, JSON) runs. First where
/// the request is, within a slice of a few milliseconds, which ordinary patterns never exhaust;
/// once a world's matching keeps exhausting it, the world is slow for good and its costly matching
/// runs on the server's thread pool, at most ``limit`` of its requests at once, the rest waiting their turn without
/// holding a thread. A sandbox that sends a hundred catastrophic patterns at once keeps one of the
/// pool's threads busy, never all of them, so another sandbox's costly stubs and journal searches
/// still find a thread. (A request's matching budget is CPU time: waiting in the queue spends none
/// of it.) Each server has a pool of its own, so servers sharing a process, as parallel tests do,
/// never wait for each other's work.
final class CostlyWork: Sendable {
    /// How many of one world's requests may be on the pool at once: all of its threads but one.
    static let defaultLimit = max(1, System.coreCount - 1)

    /// How long costly matching may run where the request is, at most.
    static let inlineSlice: Duration = .milliseconds(5)
    /// The largest body matched where the request is (parsing a larger one may take longer than
    /// the slice, and cannot be cut short).
    static let inlineBodyLimit = 64 << 10

    let limit: Int
    private let pool: NIOThreadPool
    /// How many of the world's requests were matched where they were, how many of them exhausted
    /// the slice, and whether the world is slow.
    private let inline = NIOLockedValueBox((tried: 0, exhausted: 0, slow: false))
    private let state = NIOLockedValueBox<(running: Int, waiting: CircularBuffer<CheckedContinuation<Void, Never>>)>(
        (0, []))

    init(pool: NIOThreadPool, limit: Int = CostlyWork.defaultLimit) {
        self.pool = pool
        self.limit = limit
    }

    /// Whether the world's costly matching runs on the thread pool: for good, once it exhausted
    /// the slice three times and in one try of twenty or more. (One that exhausts it now and then
    /// is not slow: on a busy machine a thread can lose its core for a slice's length; nor are the
    /// first matches of a process, which start its regular expression engine and JSON reader.)
    var isSlow: Bool { inline.withLockedValue { $0.slow } }

    /// Counts a request matched where it was, and whether it exhausted the slice.
    func triedInline(exhausted: Bool) {
        inline.withLockedValue { inline in
            inline.tried += 1
            if exhausted { inline.exhausted += 1 }
            if inline.exhausted >= 3, inline.exhausted * 20 >= inline.tried { inline.slow = true }
        }
    }

    /// `work`'s result, run on the pool when this world's turn comes; `nil` when the pool has shut
    /// down.
    func run<Result: Sendable>(_ work: @escaping @Sendable () -> Result) async -> Result? {
        await enter()
        defer { leave() }
        return try? await pool.runIfActive(work)
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
