import Foundation
import HTTPTypes

/// The one door to HTTP: send a request (and an optional body), get the response and its body.
///
/// Implementations: ``URLSessionHTTPClient`` (the network), ``StubHTTPClient`` (a handler in
/// process). Decorators (retry, cache, logging) wrap another `HTTPClient`.
/// Failures are thrown as ``NetworkError``; a non-2xx status is *not* an error here, it is
/// returned like any other response (the ``EndpointClient`` decides what a status means).
public protocol HTTPClient: Sendable {
    /// Sends `request` with `body` and returns the answer, whatever its status.
    /// ```swift
    /// let (response, data) = try await client.send(HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/health"))
    /// ```
    /// - Throws: ``NetworkError``: the server could not be reached, the request was cancelled, the
    ///   body passed the client's cap.
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data)
}

extension HTTPClient {
    /// Sends a request without a body.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await send(request, body: nil)
    }
}
