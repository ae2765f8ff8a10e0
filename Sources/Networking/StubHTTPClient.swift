import Foundation
import HTTPTypes

/// An `HTTPClient` that answers from a handler closure, in process, with no socket.
///
/// The CLI's embedded backend is `StubHTTPClient` over the fixture backend; tests use it to
/// script answers. A cancelled calling task gets ``NetworkError/cancelled``, as with the network.
public struct StubHTTPClient: HTTPClient {
    /// Answers a request and its body.
    public typealias Handler = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private let handler: Handler

    /// Creates a ``StubHTTPClient``.
    ///
    /// ```swift
    /// let client = StubHTTPClient { request, _ in
    ///     (HTTPResponse(status: .ok, headerFields: [.contentType: "application/json"]), Data(#"{"draws":[]}"#.utf8))
    /// }
    /// ```
    /// - Parameter handler: answers each request.
    public init(handler: @escaping Handler) {
        self.handler = handler
    }

    /// Calls the handler; a cancelled caller gets ``NetworkError/cancelled``.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard !Task.isCancelled else { throw NetworkError.cancelled }
        do {
            let answer = try await handler(request, body)
            guard !Task.isCancelled else { throw NetworkError.cancelled }
            return answer
        } catch is CancellationError {
            throw NetworkError.cancelled
        }
    }
}
