import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where one world's costly matching (user patterns: regular expressions, JSON) runs. First where
/// the request is, within a slice of a millisecond, which ordinary patterns never exhaust; once a
/// world's matching exhausts it a few times, the world is slow for good and its costly matching runs on NIO's
/// thread pool, at most ``limit`` of its requests at once, the rest waiting their turn without
/// holding a thread. A sandbox that sends a hundred catastrophic patterns at once keeps one of the
/// pool's threads busy, never all of them, so another sandbox's costly stubs and journal searches
/// still find a thread. (A request's matching budget runs while it waits, so a long queue drains
/// quickly: each one left is answered as unmatched.)
final class CostlyWork: Sendable {
    /// How many of one world's requests may be on the pool at once: all of its threads but one.
    static let defaultLimit = max(1, System.coreCount - 1)

    /// How long costly matching may run where the request is before its world is slow.
    static let inlineSlice: Duration = .milliseconds(1)
    /// The largest body matched where the request is (parsing a larger one may take longer than
    /// the slice, and cannot be cut short).
    static let inlineBodyLimit = 64 << 10

    /// How many times a world's matching may exhaust the slice before it is slow (the first
    /// patterns and bodies a process reads cost more: its regular expression engine and JSON
    /// reader start then).
    static let slicesBeforeSlow = 3

    let limit: Int
    /// How many times the world's matching exhausted the slice.
    private let exhausted = NIOLockedValueBox(0)
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

    /// Whether the world's matching took longer than ``inlineSlice`` ``slicesBeforeSlow`` times:
    /// from then on it runs on the thread pool.
    var isSlow: Bool { exhausted.withLockedValue { $0 >= Self.slicesBeforeSlow } }

    /// Counts a match that exhausted the slice.
    func exhaustedSlice() {
        exhausted.withLockedValue { $0 += 1 }
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
