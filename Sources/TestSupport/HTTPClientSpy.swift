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
        /// The request waits until the test releases or cancels the ``Hold``.
        case held(Hold)

        func answer() async throws -> (HTTPResponse, Data) {
            switch self {
            case .held(let hold): return try await hold.answer()
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
            return try await (reply ?? .json("{}")).answer()
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

extension HTTPClientSpy {
    /// A reply the test holds back: a request that reaches it waits until the test calls
    /// ``release()`` (it gets the reply) or ``cancel()`` (it fails as cancelled), and a request
    /// whose task is cancelled while it waits fails at once and is counted in ``cancelledCount``.
    /// That is how a test sees a request in flight, and sees it cancelled when its screen goes.
    ///
    /// ```swift
    /// let hold = HTTPClientSpy.Hold(.json(#"{"token": "t", "message": "hi"}"#))
    /// let spy = HTTPClientSpy(replies: [.held(hold)])
    /// presenter.buttonTapped()
    /// await hold.arrival()   // the request is in flight
    /// presenter.cancel()
    /// await hold.cancellation()
    /// #expect(hold.cancelledCount == 1)
    /// ```
    public final class Hold: Sendable {
        private enum Outcome {
            case released, refused, cancelled
        }

        private struct State {
            /// `.released` or `.refused` once the test decided.
            var decision: Outcome?
            var waiting: [Int: CheckedContinuation<Outcome, Never>] = [:]
            var next = 0
            var cancelled: Set<Int> = []
            var arrivals: [CheckedContinuation<Void, Never>] = []
            var cancellations: [CheckedContinuation<Void, Never>] = []
        }

        private let reply: Reply
        private let state = Locked(State())

        /// Holds requests back, then answers them with `reply` (`200` with `{}` by default).
        public init(_ reply: Reply = .json("{}")) {
            self.reply = reply
        }

        /// How many requests are waiting now.
        public var waitingCount: Int { state.withLock { $0.waiting.count } }

        /// How many held requests ended because their task was cancelled.
        public var cancelledCount: Int { state.withLock { $0.cancelled.count } }

        /// Returns once a request is waiting here.
        public func arrival() async {
            await wait(until: { !$0.waiting.isEmpty }, queue: \.arrivals)
        }

        /// Returns once a held request's task was cancelled.
        public func cancellation() async {
            await wait(until: { !$0.cancelled.isEmpty }, queue: \.cancellations)
        }

        /// Returns at once when `holds`, else when the continuation queued in `queue` is resumed.
        private func wait(
            until holds: @Sendable (State) -> Bool, queue: WritableKeyPath<State, [CheckedContinuation<Void, Never>]>
        ) async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state in
                    if holds(state) { return true }
                    state[keyPath: queue].append(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }

        /// Gives every waiting request, and every later one, the reply.
        public func release() {
            finish(.released)
        }

        /// Fails every waiting request, and every later one, as cancelled
        /// (`NetworkError.cancelled`), as a network client does when the request is torn down.
        public func cancel() {
            finish(.refused)
        }

        func answer() async throws -> (HTTPResponse, Data) {
            let id = state.withLock { state in
                state.next += 1
                return state.next
            }
            let outcome = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                    let (decided, arrivals) = state.withLock { state in
                        if let decision = state.decision {
                            return (Optional(decision), [CheckedContinuation<Void, Never>]())
                        }
                        if state.cancelled.contains(id) { return (.cancelled, []) }
                        state.waiting[id] = continuation
                        defer { state.arrivals = [] }
                        return (nil, state.arrivals)
                    }
                    if let decided { continuation.resume(returning: decided) }
                    for arrival in arrivals { arrival.resume() }
                }
            } onCancel: {
                let (continuation, cancellations) = state.withLock { state in
                    guard state.decision == nil else {
                        return (CheckedContinuation<Outcome, Never>?.none, [CheckedContinuation<Void, Never>]())
                    }
                    state.cancelled.insert(id)
                    defer { state.cancellations = [] }
                    return (state.waiting.removeValue(forKey: id), state.cancellations)
                }
                continuation?.resume(returning: .cancelled)
                for cancellation in cancellations { cancellation.resume() }
            }
            guard outcome == .released else { throw NetworkError.cancelled }
            return try await reply.answer()
        }

        private func finish(_ decision: Outcome) {
            let waiting = state.withLock { state in
                state.decision = decision
                defer { state.waiting = [:] }
                return Array(state.waiting.values)
            }
            for continuation in waiting { continuation.resume(returning: decision) }
        }
    }
}
