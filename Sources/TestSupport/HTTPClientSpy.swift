import AppsCore
import Foundation
import HTTPTypes
import Networking

/// An `HTTPClient` that records what it was asked and answers from a script.
public final class HTTPClientSpy: HTTPClient {
    /// One call, as an `Equatable` value a test compares in one `#expect`.
    public struct Message: Equatable, Sendable, CustomStringConvertible {
        /// The request's method.
        public var method: HTTPRequest.Method
        /// The request's full URL.
        public var url: String
        /// The body sent, if any.
        public var body: Data?

        /// Creates a ``Message``.
        ///
        /// - Parameters:
        ///   - method: the expected method.
        ///   - url: the expected full URL.
        ///   - body: the expected body.
        public init(method: HTTPRequest.Method, url: String, body: Data? = nil) {
            self.method = method
            self.url = url
            self.body = body
        }

        /// The method and the URL: `GET https://example.com/lotto/draws`.
        public var description: String { "\(method) \(url)" }
    }

    /// Answers a recorded request.
    public typealias Answer = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    /// One scripted reply of ``init(replies:)``.
    public enum Reply: Sendable {
        /// A JSON body with a status (`200` unless given) and any other header fields
        /// (`[.cacheControl: "max-age=60"]`).
        case json(String, status: HTTPResponse.Status = .ok, headerFields: HTTPFields = [:])
        /// A status with no body.
        case status(HTTPResponse.Status)
        /// The request fails as a network client's would.
        case failure(NetworkError)

        func answer() throws(NetworkError) -> (HTTPResponse, Data) {
            switch self {
            case .json(let body, let status, var fields):
                fields[.contentType] = "application/json"
                return (HTTPResponse(status: status, headerFields: fields), Data(body.utf8))
            case .status(let status): return (HTTPResponse(status: status), Data())
            case .failure(let error): throw error
            }
        }
    }

    private let state = Locked<(requests: [HTTPRequest], bodies: [Data?])>(([], []))
    private let answer: Answer

    /// Creates a ``HTTPClientSpy``.
    ///
    /// ```swift
    /// let spy = HTTPClientSpy { _, _ in (HTTPResponse(status: .notFound), Data()) }
    /// _ = try? await RemoteLottoService(baseURL: url, httpClient: spy).loadDraws()
    /// #expect(spy.messages == [.init(method: .get, url: "https://example.com/lotto/draws")])
    /// ```
    /// - Parameter answer: answers each request.
    public init(answer: @escaping Answer) {
        self.answer = answer
    }

    /// A spy that answers the requests with `replies` in order, and every request after them with
    /// the last: "fails, then works" is two replies, with no lock of the test's own.
    ///
    /// ```swift
    /// let spy = HTTPClientSpy(replies: [.failure(.connectionLost), .json(#"{"draws": []}"#)])
    /// await results.load()  // failed
    /// await results.load()  // loaded
    /// ```
    /// - Parameter replies: the replies in order; a spy with none answers `200` with `{}`.
    public convenience init(replies: [Reply]) {
        let queue = Locked(replies[...])
        self.init { _, _ in
            let reply = queue.withLock { queue in queue.count > 1 ? queue.removeFirst() : queue.first }
            return try (reply ?? .json("{}")).answer()
        }
    }

    /// A spy that answers every request with `status` and `body`.
    public convenience init(status: HTTPResponse.Status = .ok, json body: String = "{}") {
        self.init { _, _ in
            (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), Data(body.utf8))
        }
    }

    /// Every request received, in order.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Every call as a comparable value, in order.
    public var messages: [Message] {
        state.withLock { state in
            zip(state.requests, state.bodies).map { request, body in
                Message(method: request.method, url: request.url?.absoluteString ?? request.path ?? "", body: body)
            }
        }
    }

    /// Records the request, then answers it.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        state.withLock {
            $0.requests.append(request)
            $0.bodies.append(body)
        }
        return try await answer(request, body)
    }
}
