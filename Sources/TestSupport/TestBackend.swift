import Foundation
import Networking

/// The admin routes of `apps serve`, the backend an app's simulator and UI tests point at: start
/// each test from a clean state, put a domain in a scenario, and check what the app sent.
///
/// ```swift
/// let backend = TestBackend(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// try await backend.reset()
/// try await backend.setState("empty", of: "lotto-draws")
/// let loads = try await backend.requests(method: .get, path: "/lotto/draws")
/// ```
///
/// For one request's answer the app itself sends `Prefer: code=401`; connection faults and the
/// rest are in the backend's own documentation (`Docs/Backends.md`, "A backend for tests").
public struct TestBackend: Sendable {
    /// One request as the backend's journal keeps it, secrets redacted.
    public struct LoggedRequest: Sendable, Equatable {
        /// Counts up from 1 for the backend's life.
        public var id: Int
        /// `GET`, `POST`…
        public var method: String
        /// The path with its query, as sent.
        public var url: String
        /// Lower-case names; `authorization` and `cookie` read `[redacted]`.
        public var headers: [String: String]
        /// The body as text, JSON password, token and secret fields redacted; `nil` when empty.
        public var body: String?
        /// The status sent, `nil` when a connection fault cut the connection first.
        public var status: Int?
        /// The connection fault the request got (`reset`, `empty`, `truncate`, `dribble`), if any.
        public var fault: String?

        /// A logged request, as the journal lists it (for a test's expected values).
        public init(
            id: Int, method: String, url: String, headers: [String: String] = [:], body: String? = nil,
            status: Int? = nil, fault: String? = nil
        ) {
            self.id = id
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.status = status
            self.fault = fault
        }
    }

    /// Where the backend answers: what the app under test is given as its base URL.
    public let baseURL: URL
    private let client: EndpointClient
    private let httpClient: any HTTPClient
    private let adminToken: String?

    /// A client of the backend at `baseURL`.
    /// - Parameters:
    ///   - baseURL: the backend, as `apps serve` printed it (`Listening on http://127.0.0.1:8080`).
    ///   - httpClient: how to reach it; URLSession by default.
    ///   - adminToken: the token the admin routes need when the server listens beyond loopback.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient(), adminToken: String? = nil) {
        self.baseURL = baseURL
        self.httpClient = httpClient
        self.adminToken = adminToken
        client = EndpointClient(baseURL: baseURL, httpClient: httpClient)
    }

    /// The sandbox `name` of the same server: a world of its own (stubs, journal, scenarios,
    /// sign-ups), so tests running in parallel never see each other. Give the app its ``baseURL``.
    ///
    /// ```swift
    /// let sandbox = backend.sandbox("checkout-test")
    /// app.launchEnvironment["BACKEND_URL"] = sandbox.baseURL.absoluteString
    /// try await sandbox.stub(Stub(.get, "/listings/api/products", Stub.Response(status: 503)))
    /// ```
    public func sandbox(_ name: String) -> TestBackend {
        TestBackend(
            baseURL: baseURL.appendingPathComponent("__sandbox").appendingPathComponent(name), httpClient: httpClient,
            adminToken: adminToken)
    }

    /// Adds `stub`, which answers before the fixtures until it is removed or the backend reset.
    /// - Returns: the stub's id.
    /// - Throws: `NetworkError.unexpectedStatus(422, …)` naming the field the server refused.
    @discardableResult
    public func stub(_ stub: Stub) async throws -> UUID {
        try await send(.post, "/__admin/mappings", body: stub.mappingJSON())
        return stub.id
    }

    /// The ids of the stubs, newest first.
    public func stubIDs() async throws -> [UUID] {
        struct Mappings: Decodable { struct Mapping: Decodable { var id: String }; var mappings: [Mapping] }
        let list = try await client.send(Endpoint<Mappings>.get("/__admin/mappings", headerFields: adminFields))
        return list.mappings.compactMap { UUID(uuidString: $0.id) }
    }

    /// Removes the stub `id`.
    public func removeStub(id: UUID) async throws {
        try await send(.delete, "/__admin/mappings/\(id.uuidString.lowercased())")
    }

    /// Removes every stub.
    public func removeAllStubs() async throws {
        try await send(.delete, "/__admin/mappings")
    }

    /// The requests nothing served (no stub, no fixture route), newest first.
    public func unmatchedRequests() async throws -> [LoggedRequest] {
        try await client.send(
            Endpoint<Journal>.get(
                "/__admin/requests", query: [URLQueryItem(name: "unmatched", value: "true")], headerFields: adminFields)
        )
        .requests.map(\.logged)
    }

    /// Forgets sign-ups and the journal, and puts every scenario back in its first state.
    public func reset() async throws {
        try await send(.post, "/__admin/reset")
    }

    /// Puts `scenario` (`koober-signup`, `listings-offers`, `lotto-draws`) in `state` until the next
    /// change or reset.
    /// - Throws: `NetworkError` with the backend's message, which names the scenarios
    ///   or the states there are, for one it does not have.
    public func setState(_ state: String, of scenario: String) async throws {
        try await send(
            .put, "/__admin/scenarios/\(URLPath.segment(scenario))/state",
            body: JSONEncoder().encode(["state": state]))
    }

    /// What arrived, newest first: every request, or those with `method` and the path `path`
    /// (whatever their query).
    public func requests(method: HTTPRequest.Method? = nil, path: String? = nil) async throws -> [LoggedRequest] {
        var query: [URLQueryItem] = []
        if let method { query.append(URLQueryItem(name: "method", value: method.rawValue)) }
        if let path { query.append(URLQueryItem(name: "urlPath", value: path)) }
        let list = try await client.send(
            Endpoint<Journal>.get("/__admin/requests", query: query, headerFields: adminFields))
        return list.requests.map(\.logged)
    }

    /// Forgets what arrived so far.
    public func clearRequests() async throws {
        try await send(.delete, "/__admin/requests")
    }

    private var adminFields: HTTPFields {
        adminToken.map { [.authorization: "Bearer \($0)"] } ?? [:]
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: Data? = nil) async throws {
        var fields = adminFields
        if body != nil { fields[.contentType] = "application/json" }
        _ = try await client.send(
            Endpoint<Data>(method: method, path: path, headerFields: fields, body: body, decode: { data, _ in data }))
    }

    /// `GET /__admin/requests` on the wire.
    private struct Journal: Decodable, Sendable {
        struct Entry: Decodable, Sendable {
            struct Request: Decodable, Sendable {
                var method: String
                var url: String
                var headers: [String: String]
                var body: String?
            }
            struct Response: Decodable, Sendable {
                var status: Int?
                var fault: String?
            }
            var id: Int
            var request: Request
            var response: Response

            var logged: LoggedRequest {
                LoggedRequest(
                    id: id, method: request.method, url: request.url, headers: request.headers, body: request.body,
                    status: response.status, fault: response.fault)
            }
        }
        var requests: [Entry]
    }
}
