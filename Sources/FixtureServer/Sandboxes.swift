import Fixtures
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
import StubEngine

/// The sandboxes of a server: under `/__sandbox/NAME/` every route, data and admin alike, answers
/// from a world of its own (its stubs, journal, scenarios, sign-ups), which starts on first use
/// from the server's start state. Eight simulators running UI tests in parallel share one server
/// and never see each other's stubs or requests.
///
/// At most ``capacity`` sandboxes are kept; the one used least recently goes first, and goes too
/// when the server's stubs run out of bytes (its stubs leave with it).
final class Sandboxes: Sendable {
    /// One sandbox's world.
    struct World: Sendable {
        let backend: FixtureBackend
        let journal: RequestJournal
        /// Its share of the server's thread pool for costly matching.
        var costly: CostlyWork
    }

    /// The path every sandbox is under.
    static let prefix = "/__sandbox/"
    /// The most sandboxes kept.
    static let capacity = 256

    private let base: FixtureBackend
    /// The server's thread pool, which each world has a share of.
    private let pool: NIOThreadPool
    /// Makes each new sandbox's journal, with the server's bounds.
    private let makeJournal: @Sendable () -> RequestJournal
    private typealias State = (worlds: [String: World], used: [String: Int], clock: Int)
    private let state = NIOLockedValueBox<State>(([:], [:], 0))

    init(
        base: FixtureBackend, pool: NIOThreadPool,
        journal makeJournal: @escaping @Sendable () -> RequestJournal = { RequestJournal() }
    ) {
        self.base = base
        self.pool = pool
        self.makeJournal = makeJournal
        base.stubs.ledger?.reclaim { [weak self] in self?.evictLeastRecentlyUsed() ?? false }
    }

    /// Lets the least recently used sandbox go, never the one used last (it is the one asking);
    /// `false` when there is none to let go.
    private func evictLeastRecentlyUsed() -> Bool {
        let evicted = state.withLockedValue { state in
            state.worlds.count > 1 ? Self.removeLeastRecentlyUsed(from: &state) : nil
        }
        // Outside the lock: its stubs give their bytes back to the ledger.
        evicted?.backend.stubs.removeAll()
        return evicted != nil
    }

    /// Takes the least recently used sandbox out of `state`; `nil` when there is none.
    private static func removeLeastRecentlyUsed(from state: inout State) -> World? {
        guard let oldest = state.used.min(by: { $0.value < $1.value })?.key else { return nil }
        state.used[oldest] = nil
        return state.worlds.removeValue(forKey: oldest)
    }

    /// The sandbox `name`, made from the start state if it is new.
    func world(_ name: String) -> World {
        state.withLockedValue { state in
            state.clock += 1
            state.used[name] = state.clock
            if let world = state.worlds[name] { return world }
            if state.worlds.count >= Self.capacity {
                // Its stubs give their bytes back to the ledger (no other lock is taken).
                Self.removeLeastRecentlyUsed(from: &state)?.backend.stubs.removeAll()
            }
            let world = World(
                backend: FixtureBackend(startingAs: base), journal: makeJournal(), costly: CostlyWork(pool: pool))
            state.worlds[name] = world
            return world
        }
    }

    /// The sandbox `name` if it is there, as used now; `nil` when there is none.
    func existingWorld(_ name: String) -> World? {
        state.withLockedValue { state in
            guard let world = state.worlds[name] else { return nil }
            state.clock += 1
            state.used[name] = state.clock
            return world
        }
    }

    /// How many sandboxes there are.
    var count: Int { state.withLockedValue { $0.worlds.count } }

    /// `/__sandbox/NAME/rest?query` split into the sandbox's name and the target it stands for
    /// (`/rest?query`); `nil` for a path outside the sandboxes.
    static func split(_ target: String) -> (name: String, target: String)? {
        guard target.hasPrefix(prefix) else { return nil }
        let rest = target.dropFirst(prefix.count)
        let name = rest.prefix { $0 != "/" && $0 != "?" }
        let remainder = rest.dropFirst(name.count)
        return (String(name), remainder.hasPrefix("/") ? String(remainder) : "/" + remainder)
    }

}
