import FixtureServer
import Fixtures
import Foundation
import HTTPTypes
import NIOTransport
import Networking
import Testing

/// What a contract check gets: a client, where the fixture backend is for it, and every request
/// the backend received.
public struct HTTPClientHarness: Sendable {
    public let client: any HTTPClient
    public let baseURL: URL
    public let received: AsyncStream<HTTPRequest>

    public var api: EndpointClient { EndpointClient(baseURL: baseURL, httpClient: client) }
}

/// The implementations of `HTTPClient` that open connections.
public enum NetworkClient: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `URLSessionHTTPClient`: what an app gets by default.
    case urlSession
    /// `NIOHTTPClient` (AsyncHTTPClient): the command line's transport.
    case asyncHTTPClient

    public var testDescription: String { rawValue }

    /// A new client of this kind.
    public func make(
        timeout: Duration = .seconds(10), maximumBodyBytes: Int = URLSessionHTTPClient.defaultMaximumBodyBytes
    ) -> any HTTPClient {
        switch self {
        case .urlSession: URLSessionHTTPClient(timeout: timeout, maximumBodyBytes: maximumBodyBytes)
        case .asyncHTTPClient: NIOHTTPClient(timeout: timeout, maximumBodyBytes: maximumBodyBytes)
        }
    }
}

/// The implementations of `HTTPClient` that the contract suite runs against.
public enum HTTPClientSubject: Sendable, CaseIterable, CustomTestStringConvertible {
    /// A network client talking to a live FixtureServer.
    case live(NetworkClient)
    /// `StubHTTPClient` over `FixtureBackend`, in process.
    case stub

    public static var allCases: [HTTPClientSubject] { NetworkClient.allCases.map(Self.live) + [.stub] }

    public var testDescription: String {
        switch self {
        case .live(let client): client.testDescription
        case .stub: "stub"
        }
    }

    /// Runs `body` with a client over the fixture backend, each answer delayed by `latency`.
    public func withHarness(
        latency: Duration = .zero, timeout: Duration = .seconds(10), _ body: (HTTPClientHarness) async throws -> Void
    ) async throws {
        let (received, receivedContinuation) = AsyncStream.makeStream(of: HTTPRequest.self)
        defer { receivedContinuation.finish() }
        switch self {
        case .live(let kind):
            var configuration = FixtureServer.Configuration(latency: latency)
            configuration.onRequest = { receivedContinuation.yield($0) }
            try await withFixtureServer(configuration) { server in
                try await body(
                    HTTPClientHarness(client: kind.make(timeout: timeout), baseURL: server.baseURL, received: received))
            }
        case .stub:
            let backend = try FixtureBackend(configuration: .init(testRoutes: true))
            let client = StubHTTPClient { request, requestBody in
                receivedContinuation.yield(request)
                if latency > .zero { try await Task.sleep(for: latency) }
                return backend.handle(request, body: requestBody)
            }
            try await body(
                HTTPClientHarness(client: client, baseURL: URL(string: "http://fixtures.test")!, received: received))
        }
    }
}

/// The checks every `HTTPClient` must pass, written once.
public enum HTTPClientContract {
    public static func getReturnsStatusHeadersAndBody(_ subject: HTTPClientSubject) async throws {
        try await subject.withHarness { harness in
            let request = try harness.api.makeRequest(for: Endpoint<Data>.bytes("/health"))
            let (response, body) = try await harness.client.send(request)
            #expect(response.status == .ok)
            #expect(response.headerFields[.contentType] == "application/json")
            #expect(response.headerFields[.eTag] != nil)
            #expect(String(decoding: body, as: UTF8.self) == #"{"status":"ok"}"#)
        }
    }

    public static func postSendsTheJSONBody(_ subject: HTTPClientSubject) async throws {
        struct Greeting: Codable, Equatable { var text: String; var count: Int }
        try await subject.withHarness { harness in
            let sent = Greeting(text: "héllo", count: 3)
            let endpoint = try Endpoint<Greeting>.post("/debug/echo", json: sent)
            let response = try await harness.api.response(for: endpoint)
            #expect(response.value == sent)
            #expect(response.response.headerFields[HTTPField.Name("X-Echo-Method")!] == "POST")
        }
    }

    public static func headersMakeTheRoundTrip(_ subject: HTTPClientSubject) async throws {
        try await subject.withHarness { harness in
            let name = HTTPField.Name("X-Request-Id")!
            let endpoint = Endpoint<Data>.bytes("/debug/echo", headerFields: [name: "abc-123"])
            let response = try await harness.api.response(for: endpoint)
            #expect(response.response.headerFields[name] == "abc-123")
        }
    }

    public static func notFoundCarriesTheBackendsMessage(_ subject: HTTPClientSubject) async throws {
        try await subject.withHarness { harness in
            await #expect(throws: NetworkError.unexpectedStatus(404, message: "No route for /no/such/thing.")) {
                try await harness.api.send(Endpoint<Data>.bytes("/no/such/thing"))
            }
        }
    }

    /// A `401` asking for basic authentication is an answer like any other. Without a delegate that declines the
    /// challenge, FoundationNetworking waits for ever, so the harness's usual timeout is bound enough; a tighter one
    /// only measures the machine's load (it once fired under ThreadSanitizer).
    public static func anAuthenticationChallengeIsReturnedAsA401(_ subject: HTTPClientSubject) async throws {
        try await subject.withHarness { harness in
            let request = try harness.api.makeRequest(for: Endpoint<Data>.bytes("/listings/api/products"))
            let (response, _) = try await harness.client.send(request)
            #expect(response.status == .unauthorized)
            #expect(response.headerFields[.wwwAuthenticate] == #"Basic realm="listings""#)
        }
    }

    public static func nonJSONBodyIsUndecodable(_ subject: HTTPClientSubject) async throws {
        struct Anything: Decodable {}
        try await subject.withHarness { harness in
            var endpoint = Endpoint<Anything>(method: .post, path: "/debug/echo", body: Data("<html>oops</html>".utf8))
            {
                data, response in try JSONBody.decode(data, response)
            }
            endpoint.headerFields[.contentType] = "text/html"
            let error = await #expect(throws: NetworkError.self) { try await harness.api.send(endpoint) }
            guard case .undecodable(let path, _) = error else {
                Issue.record("expected undecodable, got \(String(describing: error))")
                return
            }
            #expect(path == "")
        }
    }

    public static func wrongShapeNamesTheCodingPath(_ subject: HTTPClientSubject) async throws {
        struct Status: Decodable { var status: Int }
        try await subject.withHarness { harness in
            let error = await #expect(throws: NetworkError.self) {
                try await harness.api.send(Endpoint<Status>.get("/health"))
            }
            guard case .undecodable(let path, _) = error else {
                Issue.record("expected undecodable, got \(String(describing: error))")
                return
            }
            #expect(path == "status")
        }
    }

    public static func cancellingTheTaskEndsTheRequestPromptly(_ subject: HTTPClientSubject) async throws {
        // The server would answer in five minutes; a loaded machine still ends the request in seconds.
        try await subject.withHarness(latency: .seconds(300)) { harness in
            let started = ContinuousClock.now
            let request = try harness.api.makeRequest(for: Endpoint<Data>.bytes("/health"))
            let task = Task { try await harness.client.send(request) }
            var received = harness.received.makeAsyncIterator()
            _ = await received.next()  // the request is in flight
            task.cancel()
            await #expect(throws: NetworkError.cancelled) { try await task.value }
            #expect(ContinuousClock.now - started < .seconds(60))
        }
    }
}

/// Transport-only checks, for clients that open connections.
public enum HTTPTransportContract {
    public static func refusedConnectionIsCannotConnect(_ client: any HTTPClient) async throws {
        try await withRefusingPort { port in
            let api = EndpointClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, httpClient: client)
            await #expect(throws: NetworkError.cannotConnect(host: "127.0.0.1:\(port)")) {
                try await api.send(Endpoint<Data>.bytes("/health"))
            }
        }
    }

    public static func slowAnswerTimesOut(_ makeClient: (Duration) -> any HTTPClient) async throws {
        try await HTTPClientSubject.live(.urlSession).withHarness(latency: .seconds(5)) { harness in
            let api = EndpointClient(baseURL: harness.baseURL, httpClient: makeClient(.seconds(1)))
            await #expect(throws: NetworkError.timedOut(seconds: 1)) {
                try await api.send(Endpoint<Data>.bytes("/health"))
            }
        }
    }
}
