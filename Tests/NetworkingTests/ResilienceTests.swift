import AppsCore
import FixtureServer
import FixtureTestSupport
import Foundation
import HTTPTypes
import Networking
import TestSupport
import Testing

/// Counts requests as the server receives them.
final class RequestCounter: Sendable {
    private let count = Locked(0)
    var value: Int { count.withLock { $0 } }

    func configuration(_ configuration: FixtureServer.Configuration) -> FixtureServer.Configuration {
        var configuration = configuration
        configuration.onRequest = { _ in self.count.withLock { $0 += 1 } }
        return configuration
    }
}

@Suite("Retry")
struct RetryTests {
    @Test func aGetSucceedsThroughRetriesAtAFiftyPercentFailureRate() async throws {
        let counter = RequestCounter()
        try await withFixtureServer(counter.configuration(.init(failureRate: 0.5, seed: 11))) { server in
            let client = RetryingHTTPClient(
                URLSessionHTTPClient(), policy: .init(maximumAttempts: 8), clock: RecordingClock())
            let api = EndpointClient(baseURL: server.baseURL, httpClient: client)
            for _ in 0..<10 {
                let response = try await api.response(for: Endpoint<[String: String]>.get("/health"))
                #expect(response.value == ["status": "ok"])
            }
        }
        #expect(counter.value > 10)  // some answers were 503s, retried
    }

    @Test func aPostIsSentExactlyOnce() async throws {
        let counter = RequestCounter()
        try await withFixtureServer(counter.configuration(.init(failureRate: 1))) { server in
            let client = RetryingHTTPClient(URLSessionHTTPClient(), clock: RecordingClock())
            let api = EndpointClient(baseURL: server.baseURL, httpClient: client)
            await #expect(throws: NetworkError.unexpectedStatus(503, message: "Injected failure: try again.")) {
                try await api.send(try Endpoint<[String: String]>.post("/debug/echo", json: ["a": "b"]))
            }
        }
        #expect(counter.value == 1)
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        let counter = RequestCounter()
        try await withFixtureServer(counter.configuration(.init(dropRate: 0.5, seed: 5))) { server in
            let client = RetryingHTTPClient(
                URLSessionHTTPClient(), policy: .init(maximumAttempts: 10), clock: RecordingClock())
            let api = EndpointClient(baseURL: server.baseURL, httpClient: client)
            for _ in 0..<5 {
                _ = try await api.send(Endpoint<Data>.bytes("/health"))
            }
        }
        #expect(counter.value > 5)
    }

    @Test func backoffGrowsExponentiallyWithJitterAndIsBounded() async throws {
        let clock = RecordingClock()
        let client = RetryingHTTPClient(
            StubHTTPClient { _, _ in throw NetworkError.cannotConnect(host: "x") },
            policy: .init(maximumAttempts: 5, baseDelay: .seconds(1), maximumDelay: .seconds(3)), clock: clock,
            random: { 0.5 })
        await #expect(throws: NetworkError.cannotConnect(host: "x")) {
            try await client.send(HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"))
        }
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .milliseconds(1500), .milliseconds(1500)])
    }

    @Test func retryAfterIsHonoured() async throws {
        let clock = RecordingClock()
        let attempts = Locked(0)
        let client = RetryingHTTPClient(
            StubHTTPClient { _, _ in
                let attempt = attempts.withLock {
                    $0 += 1; return $0
                }
                return attempt == 1
                    ? (HTTPResponse(status: .serviceUnavailable, headerFields: [.retryAfter: "2"]), Data())
                    : (HTTPResponse(status: .ok), Data("ok".utf8))
            }, clock: clock)
        let (response, body) = try await client.send(
            HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"))
        #expect(body == Data("ok".utf8))
        #expect(clock.sleeps == [.seconds(2)])
        #expect(response.headerFields[.appsAttempts] == "2")
    }

    @Test func notFoundIsNotRetried() async throws {
        let clock = RecordingClock()
        let client = RetryingHTTPClient(
            StubHTTPClient { _, _ in (HTTPResponse(status: .notFound), Data()) }, clock: clock)
        let (response, _) = try await client.send(HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/"))
        #expect(response.status == .notFound)
        #expect(clock.sleeps.isEmpty)
    }

    /// The task is cancelled while it waits out a minute's backoff (on a clock that never ends a
    /// sleep by itself): it ends with `cancelled` and makes no second attempt. No wall clock is
    /// read, so a busy machine cannot fail it.
    @Test(.timeLimit(.minutes(1)))
    func cancellingDuringBackoffEndsTheWaitWithoutAnotherAttempt() async throws {
        let clock = HoldingClock()
        let attempts = Locked(0)
        let client = RetryingHTTPClient(
            StubHTTPClient { _, _ in
                attempts.withLock { $0 += 1 }
                throw NetworkError.cannotConnect(host: "x")
            },
            policy: .init(maximumAttempts: 3, baseDelay: .seconds(60), maximumDelay: .seconds(60)), clock: clock,
            random: { 1 })
        let task = Task { try await client.send(HTTPRequest(method: .get, scheme: "http", authority: "x", path: "/")) }
        var sleeps = clock.sleepsStarted.makeAsyncIterator()
        #expect(await sleeps.next() == .seconds(60))
        task.cancel()
        await #expect(throws: NetworkError.cancelled) { try await task.value }
        #expect(attempts.withLock { $0 } == 1)
    }
}

@Suite("Retry and timeouts")
struct TimeoutRetryTests {
    @Test func timeoutsAreRetriedAndTheErrorSaysHowLongItWaitedInAll() async throws {
        let attempts = Locked(0)
        let client = RetryingHTTPClient(
            StubHTTPClient { _, _ in
                attempts.withLock { $0 += 1 }
                throw NetworkError.timedOut(seconds: 3)
            }, clock: RecordingClock())
        await #expect(throws: NetworkError.timedOut(seconds: 9)) {
            try await client.send(HTTPRequest(method: .get, scheme: "http", authority: "x.test", path: "/"))
        }
        #expect(attempts.withLock { $0 } == 3)
    }
}

@Suite("HTTP cache")
struct CacheTests {
    let storedAt = Date(timeIntervalSince1970: 1_763_780_000)

    func cached(_ base: any HTTPClient, _ directory: URL, now: Date? = nil, maximumBytes: Int = 50 << 20)
        -> CachingHTTPClient
    {
        let time = now ?? storedAt
        return CachingHTTPClient(base, directory: directory, maximumBytes: maximumBytes, now: { time })
    }

    func get(_ client: any HTTPClient, _ baseURL: URL, _ path: String = "/lotto/draws") async throws -> (
        HTTPResponse, Data
    ) {
        try await client.send(
            try EndpointClient(baseURL: baseURL, httpClient: client).makeRequest(for: Endpoint<Data>.bytes(path)))
    }

    @Test func afterTheServerStopsACachedGetComesBackStaleWithItsTime() async throws {
        try await withTemporaryDirectory { directory in
            try await withFixtureServer { server in
                let client = cached(RetryingHTTPClient(URLSessionHTTPClient(), clock: RecordingClock()), directory)
                let (first, body) = try await get(client, server.baseURL)
                #expect(first.cacheStatus == .miss)
                await server.stop()
                let (stale, staleBody) = try await get(client, server.baseURL)
                #expect(stale.cacheStatus == .stale)
                #expect(stale.cachedAt == storedAt)
                #expect(staleBody == body)
            }
        }
    }

    @Test func aRevalidationWith304KeepsTheBody() async throws {
        try await withTemporaryDirectory { directory in
            try await withFixtureServer { server in
                let client = cached(URLSessionHTTPClient(), directory)
                let (_, body) = try await get(client, server.baseURL)
                let (again, againBody) = try await get(client, server.baseURL)
                #expect(again.cacheStatus == .revalidated)
                #expect(again.status == .ok)
                #expect(againBody == body)
            }
        }
    }

    /// Edits every stored entry as a damaged disk or a hostile hand might, keeping it fresh.
    func rewriteEntries(in directory: URL, _ edit: (inout [String: Any]) -> Void) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let file = directory.appendingPathComponent(name)
            var entry = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            edit(&entry)
            entry["maxAge"] = 3600
            try JSONSerialization.data(withJSONObject: entry).write(to: file)
        }
    }

    /// An entry that decodes but could never have been stored (only `200` answers are) is a miss
    /// and is replaced, whatever its status; `70000` used to trap inside HTTPTypes.
    @Test(arguments: [70_000, -1, 0, 99, 304, 404, 600, 999, 99_999])
    func aCachedEntryWithAnImpossibleStatusIsAMiss(_ status: Int) async throws {
        try await withTemporaryDirectory { directory in
            let client = cached(HTTPClientSpy(json: #"{"draws": []}"#), directory)
            let baseURL = URL(string: "http://lotto.test")!
            _ = try await get(client, baseURL)
            try rewriteEntries(in: directory) { $0["status"] = status }
            let (response, body) = try await get(client, baseURL)
            #expect(response.cacheStatus == .miss)
            #expect(response.status == .ok)
            #expect(body == Data(#"{"draws": []}"#.utf8))
        }
    }

    @Test func aCachedEntryForAnotherURLIsAMiss() async throws {
        try await withTemporaryDirectory { directory in
            let client = cached(HTTPClientSpy(json: #"{"draws": []}"#), directory)
            let baseURL = URL(string: "http://lotto.test")!
            _ = try await get(client, baseURL)
            try rewriteEntries(in: directory) { $0["url"] = "http://elsewhere.test/lotto/draws" }
            #expect(try await get(client, baseURL).0.cacheStatus == .miss)
        }
    }

    @Test func theCacheKeysEntriesByOriginAsWellAsPath() async throws {
        try await withTemporaryDirectory { directory in
            let client = cached(
                HTTPClientSpy { request, _ in
                    (
                        HTTPResponse(status: .ok, headerFields: [.cacheControl: "max-age=3600"]),
                        Data((request.authority ?? "").utf8)
                    )
                }, directory)
            let (_, first) = try await get(client, URL(string: "http://one.test")!)
            let (second, body) = try await get(client, URL(string: "http://two.test")!)
            #expect(second.cacheStatus == .miss)
            #expect(first != body)
        }
    }

    @Test func aCorruptCacheFileIsAMiss() async throws {
        try await withTemporaryDirectory { directory in
            try await withFixtureServer { server in
                let client = cached(URLSessionHTTPClient(), directory)
                _ = try await get(client, server.baseURL)
                for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
                    try Data("{ garbage".utf8).write(to: directory.appendingPathComponent(name))
                }
                let (response, body) = try await get(client, server.baseURL)
                #expect(response.cacheStatus == .miss)
                #expect(!body.isEmpty)
            }
        }
    }

    @Test func aFreshEntryIsServedWithoutARequest() async throws {
        try await withTemporaryDirectory { directory in
            let requests = Locked(0)
            let base = StubHTTPClient { _, _ in
                requests.withLock { $0 += 1 }
                return (HTTPResponse(status: .ok, headerFields: [.cacheControl: "max-age=60"]), Data("fresh".utf8))
            }
            let url = URL(string: "http://x.test")!
            _ = try await get(cached(base, directory), url)
            let (hit, body) = try await get(cached(base, directory, now: storedAt.addingTimeInterval(30)), url)
            #expect(hit.cacheStatus == .hit)
            #expect(body == Data("fresh".utf8))
            #expect(requests.withLock { $0 } == 1)
            let (late, _) = try await get(cached(base, directory, now: storedAt.addingTimeInterval(61)), url)
            #expect(late.cacheStatus == .miss)
            #expect(requests.withLock { $0 } == 2)
        }
    }

    @Test func noStoreIsNeverStored() async throws {
        try await withTemporaryDirectory { directory in
            let base = StubHTTPClient { _, _ in
                (HTTPResponse(status: .ok, headerFields: [.cacheControl: "no-store"]), Data("secret".utf8))
            }
            _ = try await get(cached(base, directory), URL(string: "http://x.test")!)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            #expect(files.isEmpty)
        }
    }

    @Test func theFolderIsBoundedLeastRecentlyUsedFirst() async throws {
        try await withTemporaryDirectory { directory in
            let base = StubHTTPClient { request, _ in
                (HTTPResponse(status: .ok), Data(repeating: 65, count: 1_000) + Data((request.path ?? "").utf8))
            }
            let url = URL(string: "http://x.test")!
            for (index, path) in ["/a", "/b", "/c"].enumerated() {
                _ = try await get(cached(base, directory, now: storedAt.addingTimeInterval(Double(index))), url, path)
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.count == 3)
            let sizes = try files.map {
                try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size]
                    as? Int ?? 0
            }
            let bound = sizes.reduce(0, +) - 1  // one byte too small for all three
            _ = try await get(
                cached(base, directory, now: storedAt.addingTimeInterval(10), maximumBytes: bound), url, "/d")
            let remaining = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(remaining.count == 2)
            // The least recently used entries (/a, then /b) went; /c and /d remain.
            let offline = cached(StubHTTPClient { _, _ in throw NetworkError.cannotConnect(host: "x") }, directory)
            await #expect(throws: NetworkError.cannotConnect(host: "x")) { try await get(offline, url, "/a") }
            #expect(try await get(offline, url, "/d").0.cacheStatus == .stale)
        }
    }

    /// The folder may be the user's own (`--cache-dir ~/x`, an app's Caches folder): eviction used
    /// to remove the oldest of everything in it, a 60 MB thesis and a folder of photos included.
    @Test func evictionRemovesOnlyTheCachesOwnEntries() async throws {
        try await withTemporaryDirectory { directory in
            let manager = FileManager.default
            let photos = directory.appendingPathComponent("photos")
            try manager.createDirectory(at: photos, withIntermediateDirectories: true)
            try Data("hi".utf8).write(to: photos.appendingPathComponent("a.jpg"))
            let thesis = directory.appendingPathComponent("thesis.pdf")
            try Data(repeating: 0, count: 20_000).write(to: thesis)
            // Named as an entry would be, but not an entry; and a link named as one.
            let lookalike = directory.appendingPathComponent("abc123.json")
            try Data(#"{"notes": "mine"}"#.utf8).write(to: lookalike)
            try manager.createSymbolicLink(
                at: directory.appendingPathComponent("def456.json"), withDestinationURL: thesis)
            let old = Date(timeIntervalSince1970: 1_546_300_800)  // 2019
            for item in [photos, thesis, lookalike] {
                try manager.setAttributes([.modificationDate: old], ofItemAtPath: item.path)
            }

            let base = StubHTTPClient { request, _ in
                (HTTPResponse(status: .ok), Data(repeating: 65, count: 1_000) + Data((request.path ?? "").utf8))
            }
            let url = URL(string: "http://x.test")!
            for (index, path) in ["/a", "/b", "/c", "/d"].enumerated() {
                let client = cached(
                    base, directory, now: storedAt.addingTimeInterval(Double(index)), maximumBytes: 3_000)
                _ = try await get(client, url, path)
            }
            let names = Set(try manager.contentsOfDirectory(atPath: directory.path))
            #expect(names.isSuperset(of: ["photos", "thesis.pdf", "abc123.json", "def456.json"]))
            #expect(try Data(contentsOf: photos.appendingPathComponent("a.jpg")) == Data("hi".utf8))
            #expect(try Data(contentsOf: thesis).count == 20_000)
            #expect(try Data(contentsOf: lookalike) == Data(#"{"notes": "mine"}"#.utf8))
            // The cache's own entries were evicted to fit: two of about 1.4 KB each.
            #expect(names.count == 4 + 2)
        }
    }

    /// A FIFO planted where an entry goes used to block every `GET` in `open(2)`.
    @Test(.timeLimit(.minutes(1))) func aFIFOInPlaceOfAnEntryIsAMissNotAHang() async throws {
        try await withTemporaryDirectory { directory in
            let base = StubHTTPClient { _, _ in
                (HTTPResponse(status: .ok, headerFields: [.cacheControl: "max-age=60"]), Data("fresh".utf8))
            }
            let url = URL(string: "http://x.test")!
            _ = try await get(cached(base, directory), url)
            let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
            let path = directory.appendingPathComponent(entry).path
            try FileManager.default.removeItem(atPath: path)
            #expect(mkfifo(path, 0o600) == 0)
            let (response, body) = try await get(cached(base, directory), url)
            #expect(response.cacheStatus == .miss)
            #expect(body == Data("fresh".utf8))
        }
    }

    /// `X-Apps-Cache: stale` from a server made `koober signin` say it was offline.
    @Test func aServerCannotClaimTheCachesFields() async throws {
        try await withTemporaryDirectory { directory in
            let base = StubHTTPClient { _, _ in
                (HTTPResponse(status: .ok, headerFields: [.appsCacheStatus: "stale", .appsCacheStoredAt: "0"]), Data())
            }
            let client = cached(base, directory)
            let url = URL(string: "http://x.test")!
            let (answer, _) = try await get(client, url)
            #expect(answer.cacheStatus == .miss)
            #expect(answer.cachedAt == nil)
            let post = try EndpointClient(baseURL: url, httpClient: client).makeRequest(
                for: try Endpoint<[String: String]>.post("/koober/signin", json: ["a": "b"]))
            let (posted, _) = try await client.send(post, body: Data("{}".utf8))
            #expect(posted.cacheStatus == nil)
            #expect(posted.headerFields[.appsCacheStoredAt] == nil)
            // Nor does a stored answer bring them back.
            let offline = cached(StubHTTPClient { _, _ in throw NetworkError.cannotConnect(host: "x") }, directory)
            let (stale, _) = try await get(offline, url)
            #expect(stale.cacheStatus == .stale)
            #expect(stale.cachedAt == storedAt)
        }
    }

    @Test func concurrentUseIsSafe() async throws {
        try await withTemporaryDirectory { directory in
            try await withFixtureServer { server in
                let client = cached(URLSessionHTTPClient(), directory)
                try await withThrowingTaskGroup(of: Int.self) { group in
                    for index in 0..<40 {
                        group.addTask {
                            let path = ["/lotto/draws", "/lotto/tickets", "/pilot/licenses", "/health"][index % 4]
                            return try await get(client, server.baseURL, path).0.status.code
                        }
                    }
                    for try await status in group { #expect(status == 200) }
                }
            }
        }
    }

    @Test func postsPassThrough() async throws {
        try await withTemporaryDirectory { directory in
            try await withFixtureServer { server in
                let client = cached(URLSessionHTTPClient(), directory)
                let api = EndpointClient(baseURL: server.baseURL, httpClient: client)
                let response = try await api.response(
                    for: try Endpoint<[String: String]>.post("/debug/echo", json: ["a": "b"]))
                #expect(response.response.cacheStatus == nil)
            }
        }
    }
}

@Suite("Logging")
struct LoggingTests {
    @Test func noSecretReachesTheLog() async throws {
        let capture = LogCapture()
        try await withFixtureServer { server in
            let client = LoggingHTTPClient(URLSessionHTTPClient(), logger: capture.logger())
            let api = EndpointClient(baseURL: server.baseURL, httpClient: client)
            _ = try? await api.send(
                try Endpoint<Data>.post(
                    "/koober/signin", json: ["email": "johnny@gmail.com", "password": "hunter2-secret"]))
            _ = try? await api.send(
                try Endpoint<Data>.post(
                    "/koober/rides", json: ["pickupLocationId": "a"],
                    headerFields: [.authorization: "Bearer kb1.bearer-token-value.sig"]))
            _ = try? await api.send(
                Endpoint<Data>.bytes(
                    "/listings/api/products", headerFields: [.authorization: "Basic YWRtaW46cGFzc3dvcmQ="]))
            _ = try? await api.send(
                Endpoint<Data>.bytes("/health", headerFields: [.cookie: "session=cookie-secret"])
            )
            var withQuery = Endpoint<Data>.bytes("/health")
            withQuery.queryItems = [
                URLQueryItem(name: "token", value: "query-token-secret"), URLQueryItem(name: "q", value: "ok"),
            ]
            _ = try? await api.send(withQuery)
        }
        let log = capture.messages.joined(separator: "\n")
        #expect(capture.messages.count == 5)
        for secret in [
            "hunter2-secret", "bearer-token-value", "YWRtaW46cGFzc3dvcmQ=", "cookie-secret", "query-token-secret",
        ] {
            #expect(!log.contains(secret), "\(secret) leaked")
        }
        #expect(log.contains("token=REDACTED"))
        #expect(log.contains("q=ok"))
        #expect(log.contains("POST http://127.0.0.1:"))
        #expect(log.contains("-> 200 in "))
    }

    @Test func aLineCarriesTheCacheStatusAndAttempts() async throws {
        try await withTemporaryDirectory { directory in
            let capture = LogCapture()
            try await withFixtureServer { server in
                let client = LoggingHTTPClient(
                    CachingHTTPClient(RetryingHTTPClient(URLSessionHTTPClient()), directory: directory),
                    logger: capture.logger())
                _ = try await EndpointClient(baseURL: server.baseURL, httpClient: client).send(
                    Endpoint<Data>.bytes("/health"))
            }
            #expect(capture.messages.first?.hasSuffix(", cache miss, attempts 1") == true)
        }
    }
}
