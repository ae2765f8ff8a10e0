/// Bytes held against a limit, shared by every world of a server (the main one and each
/// sandbox): what all their stubs together may take. When a reservation does not fit, `reclaim`
/// is asked to free some (the server lets its least recently used sandbox go) and the reservation
/// is tried again; it is called outside the ledger's lock, so freeing may release into it.
package final class ByteLedger: Sendable {
    package let limit: Int
    private let state = Locked((used: 0, reclaim: (@Sendable () -> Bool)?.none))

    package init(limit: Int) {
        self.limit = limit
    }

    /// How many bytes are held.
    package var used: Int { state.withLock { $0.used } }

    /// Sets what frees bytes when a reservation does not fit: `true` when it freed some.
    package func reclaim(with reclaim: @escaping @Sendable () -> Bool) {
        state.withLock { $0.reclaim = reclaim }
    }

    /// Holds `bytes` if they fit under the limit, after reclaiming what it can; `false` if not.
    package func reserve(_ bytes: Int) -> Bool {
        while true {
            let (fitted, reclaim) = state.withLock { state in
                guard state.used + bytes > limit else {
                    state.used += bytes
                    return (true, (@Sendable () -> Bool)?.none)
                }
                return (false, state.reclaim)
            }
            if fitted { return true }
            guard let reclaim, reclaim() else { return false }
        }
    }

    /// Gives `bytes` back.
    package func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        state.withLock { $0.used = max(0, $0.used - bytes) }
    }
}

/// A byte count as the server's messages say it: `32 MiB` when it is whole mebibytes, else `1024 bytes`.
package func byteCount(_ bytes: Int) -> String {
    bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
}
