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

    private let client: EndpointClient

    /// A client of the backend at `baseURL`.
    /// - Parameters:
    ///   - baseURL: the backend, as `apps serve` printed it (`Listening on http://127.0.0.1:8080`).
    ///   - httpClient: how to reach it; URLSession by default.
    public init(baseURL: URL, httpClient: any HTTPClient = URLSessionHTTPClient()) {
        client = EndpointClient(baseURL: baseURL, httpClient: httpClient)
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
        let list = try await client.send(Endpoint<Journal>.get("/__admin/requests", query: query))
        return list.requests.map { entry in
            LoggedRequest(
                id: entry.id, method: entry.request.method, url: entry.request.url, headers: entry.request.headers,
                body: entry.request.body, status: entry.response.status, fault: entry.response.fault)
        }
    }

    /// Forgets what arrived so far.
    public func clearRequests() async throws {
        try await send(.delete, "/__admin/requests")
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: Data? = nil) async throws {
        var fields: HTTPFields = [:]
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
        }
        var requests: [Entry]
    }
}
