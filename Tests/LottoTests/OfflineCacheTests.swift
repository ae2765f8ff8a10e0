import AppsCore
import Foundation
import Networking
import TestSupport
import Testing

@testable import Lotto

/// What an app's "offline" banner reads: only an answer the cache gave because the backend could
/// not be reached is offline; a fresh answer the cache kept is not.
@Suite("Lotto through the offline cache")
struct OfflineCacheTests {
    let draws = #"""
        {"draws": [{"id": "draw-3", "drawDate": "2023-03-18", "number1": "20", "number2": "11", "number3": "27",
        "number4": "55", "number5": "56", "number6": "31", "bonus-ball": "34", "topPrize": 3800000000}]}
        """#

    /// The service as the Lotto docs compose it, over a spy and a clock the test moves.
    func service(_ spy: HTTPClientSpy, cache: URL, now: Locked<Date>) -> RemoteLottoService {
        RemoteLottoService(
            baseURL: URL(string: "https://lotto.test")!,
            httpClient: CachingHTTPClient(spy, directory: cache, now: { now.withLock { $0 } }))
    }

    @Test func aFreshAnswerFromTheCacheIsNotOffline() async throws {
        try await withTemporaryDirectory { cache in
            let now = Locked(Date(timeIntervalSince1970: 1_700_000_000))
            let spy = HTTPClientSpy(replies: [.json(draws, headerFields: [.cacheControl: "max-age=600"])])
            let lotto = service(spy, cache: cache, now: now)

            let fromNetwork = try await lotto.loadDraws()
            #expect(fromNetwork.cacheStatus == .miss)
            #expect(!fromNetwork.isOffline)

            now.withLock { $0 += 60 }
            let fromCache = try await lotto.loadDraws()
            #expect(fromCache.cacheStatus == .hit)
            #expect(fromCache.cachedAt == nil)
            #expect(!fromCache.isOffline)
            #expect(spy.requests.count == 1)
        }
    }

    @Test func anAnswerKeptForWhenTheBackendCannotBeReachedIsOfflineWithItsTime() async throws {
        try await withTemporaryDirectory { cache in
            let storedAt = Date(timeIntervalSince1970: 1_700_000_000)
            let now = Locked(storedAt)
            let spy = HTTPClientSpy(replies: [.json(draws), .failure(.cannotConnect(host: "lotto.test"))])
            let lotto = service(spy, cache: cache, now: now)
            _ = try await lotto.loadDraws()

            now.withLock { $0 += 3600 }
            let offline = try await lotto.loadDraws()
            #expect(offline.cacheStatus == .stale)
            #expect(offline.isOffline)
            #expect(offline.cachedAt == storedAt)
            #expect(offline.value.map(\.id) == ["draw-3"])
        }
    }

    @Test func withoutACacheNothingIsOfflineOrCached() async throws {
        let spy = HTTPClientSpy(replies: [.json(draws)])
        let fetched = try await RemoteLottoService(baseURL: URL(string: "https://lotto.test")!, httpClient: spy)
            .loadDraws()
        #expect(fetched.cacheStatus == nil)
        #expect(!fetched.isOffline)
    }
}
