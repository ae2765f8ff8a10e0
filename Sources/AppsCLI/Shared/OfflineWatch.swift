import AppsCore
import Foundation
import Networking

/// Watches every answer of a run for one the cache gave because the backend could not be reached,
/// so that every command, not only `lotto results`, says when it shows stale data.
final class OfflineWatch: HTTPClient {
    private let base: any HTTPClient
    private let oldest = Locked<Date?>(nil)

    init(_ base: any HTTPClient) {
        self.base = base
    }

    /// When the oldest stale answer of this run was stored; `nil` when every answer was fresh.
    var staleSince: Date? { oldest.withLock { $0 } }

    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await base.send(request, body: body)
        if response.cacheStatus == .stale, let storedAt = response.cachedAt {
            oldest.withLock { $0 = min($0 ?? storedAt, storedAt) }
        }
        return (response, data)
    }
}
