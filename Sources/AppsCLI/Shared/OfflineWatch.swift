import AppsCore
import Foundation
import Networking

/// Watches every answer of a run for those the cache gave because the backend could not be
/// reached, so that every command and full-screen app, not only Lotto's, says when it shows stale
/// data. Each request counts by its last answer: a retry that reaches the backend clears it.
final class OfflineWatch: HTTPClient {
    private let base: any HTTPClient
    /// When each request whose last answer came from the offline cache had it stored, by method
    /// and URL.
    private let stale = Locked<[String: Date]>([:])

    init(_ base: any HTTPClient) {
        self.base = base
    }

    /// When the oldest stale answer still shown was stored; `nil` when every last answer was fresh.
    var staleSince: Date? { stale.withLock { $0.values.min() } }

    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let (response, data) = try await base.send(request, body: body)
        let key = "\(request.method) \(request.scheme ?? "")://\(request.authority ?? "")\(request.path ?? "")"
        let storedAt = response.cacheStatus == .stale ? response.cachedAt : nil
        stale.withLock { $0[key] = storedAt }
        return (response, data)
    }
}

/// The offline notice of the full-screen apps, in one wording: `Offline: showing draws cached at
/// 25 Nov 2026, 09:12 · r retries`; `retry` says where r works when it does not everywhere.
func offlineNotice(showing what: String, cachedAt: Date, retry: String = "r retries") -> String {
    "Offline: showing \(what) cached at \(cachedAt.formatted(date: .abbreviated, time: .shortened)) · \(retry)"
}
