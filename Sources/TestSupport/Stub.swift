import Foundation
import Networking

/// A stub for `apps serve`, as a value: what requests it matches and what it answers, sent as
/// WireMock's mapping JSON by ``TestBackend/stub(_:)`` (Docs/Backends.md, "Stubs").
///
/// ```swift
/// let id = try await backend.stub(Stub(.get, "/listings/api/products", Stub.Response(status: 503)))
/// try await backend.stub(Stub(.get, "/lotto/draws", try Stub.Response(json: ["draws": [String]()])))
/// ```
public struct Stub: Sendable, Equatable {
    /// Which requests a stub matches; every part given must hold.
    public struct Request: Sendable, Equatable {
        /// `GET`, `POST`…; `nil` matches any.
        public var method: HTTPRequest.Method?
        /// The path, without the query: WireMock's `urlPath`.
        public var path: String?
        /// A regular expression the whole path matches: WireMock's `urlPathPattern`.
        public var pathPattern: String?
        /// Query parameters by name.
        public var query: [String: Matcher]
        /// Header fields by name.
        public var headers: [String: Matcher]
        /// What the body matches; all of them.
        public var body: [Matcher]

        /// A request to match.
        /// - Parameters:
        ///   - method: the method, or `nil` for any.
        ///   - path: the path, without the query.
        ///   - pathPattern: instead of `path`, a regular expression the whole path matches.
        ///   - query: query parameters by name.
        ///   - headers: header fields by name.
        ///   - body: what the body matches.
        public init(
            method: HTTPRequest.Method? = nil, path: String? = nil, pathPattern: String? = nil,
            query: [String: Matcher] = [:], headers: [String: Matcher] = [:], body: [Matcher] = []
        ) {
            self.method = method
            self.path = path
            self.pathPattern = pathPattern
            self.query = query
            self.headers = headers
            self.body = body
        }
    }

    /// One of WireMock's string matchers.
    public enum Matcher: Sendable, Equatable {
        /// The whole value.
        case equalTo(String)
        /// A part of the value.
        case contains(String)
        /// A regular expression the whole value matches.
        case matches(String)
        /// The value is not there.
        case absent
        /// The value is this JSON, member order aside (`equalToJson`).
        case equalToJSON(String)
        /// A JSONPath that selects something in the value (`matchesJsonPath`).
        case matchesJSONPath(String)
    }

    /// A connection fault instead of an answer.
    public enum Fault: String, Sendable, Equatable {
        /// A TCP reset before any byte.
        case connectionReset = "CONNECTION_RESET_BY_PEER"
        /// A close before any byte.
        case emptyResponse = "EMPTY_RESPONSE"
        /// The head, half the body, then a close.
        case malformedResponseChunk = "MALFORMED_RESPONSE_CHUNK"
    }

    /// What a stub answers.
    public struct Response: Sendable, Equatable {
        /// The status.
        public var status: Int
        /// Header fields by name.
        public var headers: [String: String]
        /// The body's bytes.
        public var body: Data
        /// How long the answer waits.
        public var delay: Duration
        /// A fault instead of the answer.
        public var fault: Fault?

        /// An answer.
        /// - Parameters:
        ///   - status: the status; 200 by default.
        ///   - headers: header fields by name.
        ///   - body: the body's bytes.
        ///   - delay: how long the answer waits (at most a minute).
        ///   - fault: a fault instead of the answer.
        public init(
            status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero,
            fault: Fault? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.fault = fault
        }

        /// An answer with `json` encoded as its body and `Content-Type: application/json`.
        public init(status: Int = 200, headers: [String: String] = [:], json: some Encodable) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            self.init(
                status: status, headers: headers.merging(["Content-Type": "application/json"]) { given, _ in given },
                body: try encoder.encode(json))
        }
    }

    /// The stub's id, which ``TestBackend/removeStub(id:)`` takes.
    public var id: UUID
    /// 1 is tried first; 5 by default, as in WireMock.
    public var priority: Int
    /// The requests it matches.
    public var request: Request
    /// What it answers.
    public var response: Response
    /// The stub scenario the stub belongs to, if any.
    public var scenario: Scenario?

    /// A stub scenario, WireMock's: every one starts in `Started`; a stub of it matches only in
    /// `requiredState` (when given) and, when it answers, moves it to `newState` (when given).
    public struct Scenario: Sendable, Equatable {
        /// The scenario's name; no `/`.
        public var name: String
        /// The state the scenario must be in for the stub to match; any when `nil`.
        public var requiredState: String?
        /// The state the scenario moves to when the stub answers; it stays when `nil`.
        public var newState: String?

        /// A scenario step.
        public init(_ name: String, requiredState: String? = nil, newState: String? = nil) {
            self.name = name
            self.requiredState = requiredState
            self.newState = newState
        }

        /// The state every scenario starts in.
        public static let started = "Started"
    }

    /// A stub.
    /// - Parameters:
    ///   - request: the requests it matches.
    ///   - response: what it answers.
    ///   - priority: 1 is tried first; 5 by default.
    ///   - id: its id; a new one by default.
    ///   - scenario: the stub scenario it belongs to.
    public init(
        request: Request, response: Response, priority: Int = 5, scenario: Scenario? = nil, id: UUID = UUID()
    ) {
        self.id = id
        self.priority = priority
        self.request = request
        self.response = response
        self.scenario = scenario
    }

    /// A stub of `method path`.
    public init(
        _ method: HTTPRequest.Method, _ path: String, _ response: Response, priority: Int = 5,
        scenario: Scenario? = nil
    ) {
        self.init(
            request: Request(method: method, path: path), response: response, priority: priority, scenario: scenario)
    }

    /// The stub as WireMock's mapping JSON.
    public func mappingJSON() throws -> Data {
        var request: [String: Any] = [:]
        if let method = self.request.method { request["method"] = method.rawValue }
        if let path = self.request.path { request["urlPath"] = path }
        if let pattern = self.request.pathPattern { request["urlPathPattern"] = pattern }
        if !self.request.query.isEmpty { request["queryParameters"] = self.request.query.mapValues(\.json) }
        if !self.request.headers.isEmpty { request["headers"] = self.request.headers.mapValues(\.json) }
        if !self.request.body.isEmpty { request["bodyPatterns"] = self.request.body.map(\.json) }
        var response: [String: Any] = ["status": self.response.status]
        if !self.response.headers.isEmpty { response["headers"] = self.response.headers }
        if !self.response.body.isEmpty { response["base64Body"] = self.response.body.base64EncodedString() }
        let milliseconds =
            self.response.delay.components.seconds * 1000
            + self.response.delay.components.attoseconds / 1_000_000_000_000_000
        if milliseconds > 0 { response["fixedDelayMilliseconds"] = milliseconds }
        if let fault = self.response.fault { response["fault"] = fault.rawValue }
        var mapping: [String: Any] = [
            "id": id.uuidString.lowercased(), "priority": priority, "request": request, "response": response,
        ]
        if let scenario {
            mapping["scenarioName"] = scenario.name
            if let state = scenario.requiredState { mapping["requiredScenarioState"] = state }
            if let state = scenario.newState { mapping["newScenarioState"] = state }
        }
        return try JSONSerialization.data(withJSONObject: mapping, options: [.sortedKeys])
    }
}

extension Stub.Matcher {
    fileprivate var json: [String: Any] {
        switch self {
        case .equalTo(let value): ["equalTo": value]
        case .contains(let value): ["contains": value]
        case .matches(let value): ["matches": value]
        case .absent: ["absent": true]
        case .equalToJSON(let value): ["equalToJson": value]
        case .matchesJSONPath(let value): ["matchesJsonPath": value]
        }
    }
}
