import AppsCore
import FixtureServer
import FixtureTestSupport
import Fixtures
import Foundation
import Networking
import TestSupport
import Testing

@Suite("FixtureServer")
struct FixtureServerTests {
    @Test func servesTheBackendOnTheLoopbackPortItReports() async throws {
        try await withFixtureServer { server in
            #expect(server.port > 0)
            #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)")
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            let health = try await api.send(Endpoint<[String: String]>.get("/health"))
            #expect(health == ["status": "ok"])
        }
    }

    /// The server decodes a path segment once: `%2531` is the id `%31`, not product 1, and `a%2Fb`
    /// is the one id `a/b`. The requests are sent exactly as written.
    @Test(arguments: [
        ("/listings/api/product/%2531", 404), ("/listings/api/product/%31", 200), ("/listings/api/product/1%2F2", 404),
    ])
    func aPathSegmentIsDecodedOnce(_ path: String, _ status: Int) async throws {
        try await withFixtureServer { server in
            var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: path)
            request.headerFields[.authorization] = FuzzSeeds.listingsAuthorization
            let (response, body) = try await URLSessionHTTPClient().send(request, body: nil)
            #expect(response.status.code == status, "\(String(decoding: body, as: UTF8.self))")
            if status == 404 {
                let id = path.split(separator: "/").last.flatMap { $0.removingPercentEncoding } ?? ""
                #expect(String(decoding: body, as: UTF8.self).contains(id))
            }
        }
    }

    @Test func headAnswersWithTheFieldsOfTheGetAndNoBody() async throws {
        try await withFixtureServer { server in
            let client = URLSessionHTTPClient()
            let get = HTTPRequest(
                method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/lotto/draws")
            var head = get
            head.method = .head
            let (getResponse, getBody) = try await client.send(get, body: nil)
            let (headResponse, headBody) = try await client.send(head, body: nil)
            #expect(headResponse.status == .ok)
            #expect(headBody.isEmpty)
            #expect(headResponse.headerFields[.contentLength] == String(getBody.count))
            #expect(headResponse.headerFields[.eTag] == getResponse.headerFields[.eTag])
        }
    }

    @Test func aBodyOverTheLimitIs413WithAMessage() async throws {
        try await withFixtureServer { server in
            let request = HTTPRequest(
                method: .post, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/auth/authenticate",
                headerFields: [.contentType: "application/json"])
            let (response, body) = try await URLSessionHTTPClient().send(
                request, body: Data(count: FixtureServer.maximumRequestBody + 1))
            #expect(response.status == .contentTooLarge)
            #expect(String(decoding: body, as: UTF8.self).contains("larger than 1 MiB"))
            let journal = try await URLSessionHTTPClient().send(
                HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("__admin/requests")))
            #expect(String(decoding: journal.1, as: UTF8.self).contains(#""status":413"#), "the journal has it")
        }
    }

    @Test func aRequestWaitingWhenTheServerStopsIsToldToComeBack() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        var configuration = FixtureServer.Configuration(latency: .seconds(30))
        configuration.onRequest = { _ in arrived.yield() }
        try await withFixtureServer(configuration) { server in
            let pending = Task {
                try await URLSessionHTTPClient().send(
                    HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: "/health"),
                    body: nil)
            }
            var iterator = arrivals.makeAsyncIterator()
            await iterator.next()
            await server.stop()
            let (response, body) = try await pending.value
            #expect(response.status == .serviceUnavailable)
            #expect(response.headerFields[.retryAfter] == "1")
            #expect(String(decoding: body, as: UTF8.self).contains("shutting down"))
        }
    }

    @Test func aFailureRateOfOneAnswers503WithAMessage() async throws {
        try await withFixtureServer(FixtureServer.Configuration(failureRate: 1)) { server in
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            await #expect(throws: NetworkError.unexpectedStatus(503, message: "Injected failure: try again.")) {
                try await api.send(Endpoint<Data>.bytes("/health"))
            }
        }
    }

    @Test func theFailureChoicesRepeatForASeed() async throws {
        func outcomes(seed: UInt64) async throws -> [Int] {
            try await withFixtureServer(FixtureServer.Configuration(failureRate: 0.5, seed: seed)) { server in
                let client = URLSessionHTTPClient()
                var statuses: [Int] = []
                for _ in 0..<20 {
                    let request = try EndpointClient(baseURL: server.baseURL, httpClient: client).makeRequest(
                        for: Endpoint<Data>.bytes("/health"))
                    statuses.append(try await client.send(request).0.status.code)
                }
                return statuses
            }
        }
        let first = try await outcomes(seed: 7)
        #expect(try await outcomes(seed: 7) == first)
        #expect(Set(first) == [200, 503])
    }

    @Test func everyRequestIsReportedAsItArrives() async throws {
        let paths = Locked<[String]>([])
        var configuration = FixtureServer.Configuration()
        configuration.onRequest = { request in paths.withLock { $0.append(request.path ?? "") } }
        try await withFixtureServer(configuration) { server in
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            _ = try await api.send(Endpoint<Data>.bytes("/health"))
            _ = try? await api.send(Endpoint<Data>.bytes("/missing"))
        }
        #expect(paths.withLock { $0 } == ["/health", "/missing"])
    }

    @Test func streamSendsTheBytesAskedForWithoutALengthAndReportsThem() async throws {
        let (ends, end) = AsyncStream.makeStream(of: Int.self)
        var configuration = FixtureServer.Configuration()
        configuration.onStreamEnd = { end.yield($0) }
        try await withFixtureServer(configuration) { server in
            let api = EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient())
            var endpoint = Endpoint<Data>.bytes("/debug/stream")
            endpoint.queryItems = [URLQueryItem(name: "bytes", value: "200000")]
            let answer = try await api.response(for: endpoint)
            #expect(answer.value == Data(repeating: UInt8(ascii: "x"), count: 200_000))
            #expect(answer.response.headerFields[.contentLength] == nil)
            var iterator = ends.makeAsyncIterator()
            #expect(await iterator.next() == 200_000)
        }
    }

    @Test func theStreamRouteIsServedOnlyWhenAskedFor() async throws {
        try await withFixtureServer(backend: .init(testRoutes: false)) { server in
            let (response, _) = try await URLSessionHTTPClient().send(
                HTTPRequest(method: .get, url: server.baseURL.appendingPathComponent("debug/stream")))
            #expect(response.status == .notFound)
        }
    }

    /// 150 half-sent requests were held for 40 s: a connection silent for the idle timeout is closed,
    /// a request half sent included.
    @Test(.timeLimit(.minutes(1))) func aHalfSentRequestIsClosedAfterTheIdleTimeout() async throws {
        try await withFixtureServer(FixtureServer.Configuration(idleTimeout: .seconds(1))) { server in
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(server.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            try #require(connected)
            var wait = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            let half = Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8)
            #expect(half.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) } == half.count)
            // The wait blocks, so it runs on a thread of its own, not one of the two the
            // cooperative pool has here, which other tests' tasks need meanwhile.
            let (received, waited) = await withCheckedContinuation { continuation in
                Thread {
                    let started = ContinuousClock.now
                    var byte: UInt8 = 0
                    let received = recv(descriptor, &byte, 1, 0)
                    continuation.resume(returning: (received, ContinuousClock.now - started))
                }.start()
            }
            #expect(received == 0, "the server closes the connection")
            #expect(waited < .seconds(20))
        }
    }
}
