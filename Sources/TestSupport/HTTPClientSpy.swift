import AppsCore
import Foundation
import HTTPTypes
import Networking

/// An `HTTPClient` that records what it was asked and answers from a script.
public final class HTTPClientSpy: HTTPClient {
    /// One call, as an `Equatable` value a test compares in one `#expect`.
    public struct Message: Equatable, Sendable, CustomStringConvertible {
        public var method: HTTPRequest.Method
        public var url: String
        public var body: Data?

        public init(method: HTTPRequest.Method, url: String, body: Data? = nil) {
            self.method = method
            self.url = url
            self.body = body
        }

        public var description: String { "\(method) \(url)" }
    }

    public typealias Answer = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private let state = Locked<(requests: [HTTPRequest], bodies: [Data?])>(([], []))
    private let answer: Answer

    public init(answer: @escaping Answer) {
        self.answer = answer
    }

    /// A spy that answers every request with `status` and `body`.
    public convenience init(status: HTTPResponse.Status = .ok, json body: String = "{}") {
        self.init { _, _ in
            (HTTPResponse(status: status, headerFields: [.contentType: "application/json"]), Data(body.utf8))
        }
    }

    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    public var messages: [Message] {
        state.withLock { state in
            zip(state.requests, state.bodies).map { request, body in
                Message(method: request.method, url: request.url?.absoluteString ?? request.path ?? "", body: body)
            }
        }
    }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        state.withLock {
            $0.requests.append(request)
            $0.bodies.append(body)
        }
        return try await answer(request, body)
    }
}
