import Foundation
import HTTPTypes
import HTTPTypesFoundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPClient`: one long-lived `URLSession` (creating sessions per request crashes on Linux).
///
/// Cancelling the calling task cancels the transfer. Every request gets the configured timeout,
/// rounded up to whole seconds because FoundationNetworking truncates fractions (0.5 s fires at once).
///
/// A `401` carrying `WWW-Authenticate` hangs FoundationNetworking for ever (past the timeout) unless
/// a delegate answers the authentication challenge. This client's delegate declines every challenge
/// (credentials go in the `Authorization` field, never through URLSession) and returns the `401`
/// itself; FoundationNetworking drops that response's body, so such a `401` arrives without one.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let challenges = ChallengeDecliner()
    private let timeoutSeconds: Int
    private let maximumBodyBytes: Int

    /// The default cap on a body: far above anything the five backends send.
    public static let defaultMaximumBodyBytes = 32 << 20

    /// - Parameters:
    ///   - timeout: the longest wait for each request; at least one second.
    ///   - maximumBodyBytes: a longer body is ``NetworkError/bodyTooLarge(limitBytes:)``.
    ///   - configuration: the session's configuration; ephemeral by default (no cookies, no URL cache).
    public init(
        timeout: Duration = .seconds(10), maximumBodyBytes: Int = defaultMaximumBodyBytes,
        configuration: URLSessionConfiguration = .ephemeral
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        self.timeoutSeconds = max(1, Int(seconds.rounded(.up)))
        configuration.timeoutIntervalForRequest = TimeInterval(timeoutSeconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration, delegate: challenges, delegateQueue: nil)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw NetworkError.invalidRequest("\(request.method) \(request.path ?? "") has no valid URL")
        }
        urlRequest.timeoutInterval = TimeInterval(timeoutSeconds)
        urlRequest.httpBody = body
        let host = request.authority ?? "the server"
        let task = Mutex<URLSessionDataTask?>(nil)
        // The outcome crosses threads under a lock, not only through the continuation: when the
        // callback fires before the task has suspended, ThreadSanitizer on Linux cannot see the
        // continuation's hand-over and reports a race on the response (Docs/Reliability.md).
        let outcome = Mutex<Result<(HTTPResponse, Data), NetworkError>?>(nil)
        let limit = maximumBodyBytes
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let dataTask = session.dataTask(with: urlRequest) {
                    [challenges, timeoutSeconds] data, response, error in
                    let identifier = task.withLock { $0?.taskIdentifier }
                    // A declined challenge's 401 comes without its body and without the error
                    // FoundationNetworking reports for the cancelled challenge.
                    let declined = identifier.flatMap(challenges.takeDeclinedResponse(for:))
                    let result =
                        if let declined {
                            Self.outcome(nil, declined, nil, limit: limit, host: host, timeoutSeconds: timeoutSeconds)
                        } else {
                            Self.outcome(
                                data, response, error, limit: limit, host: host, timeoutSeconds: timeoutSeconds)
                        }
                    outcome.withLock { $0 = result }
                    continuation.resume()
                }
                task.withLock { $0 = dataTask }
                dataTask.resume()
                if Task.isCancelled { dataTask.cancel() }
            }
        } onCancel: {
            task.withLock { $0?.cancel() }
        }
        return try outcome.withLock { $0! }.get()
    }

    /// What one transfer's callback amounts to.
    private static func outcome(
        _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, limit: Int, host: String, timeoutSeconds: Int
    ) -> Result<(HTTPResponse, Data), NetworkError> {
        if let data, data.count > limit { return .failure(.bodyTooLarge(limitBytes: limit)) }
        if let error { return .failure(networkError(for: error, host: host, timeoutSeconds: timeoutSeconds)) }
        guard let httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
            return .failure(.transport("the answer was not an HTTP response"))
        }
        return .success((httpResponse, data ?? Data()))
    }

    static func networkError(for error: any Error, host: String, timeoutSeconds: Int) -> NetworkError {
        if error is CancellationError { return .cancelled }
        guard let urlError = error as? URLError else { return .transport(error.localizedDescription) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(seconds: timeoutSeconds)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return .cannotConnect(host: host)
        case .notConnectedToInternet: return .offline
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
        default: return .transport(urlError.localizedDescription)
        }
    }
}

/// Declines authentication challenges (keeping the response that raised each one), and strips
/// credentials from a redirect to another origin.
final class ChallengeDecliner: NSObject, URLSessionTaskDelegate, Sendable {
    static let credentialFields = ["Authorization", "Proxy-Authorization", "Cookie"]

    func urlSession(
        _: URLSession, task: URLSessionTask, willPerformHTTPRedirection _: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        var redirected = request
        if !Self.sameOrigin(task.originalRequest?.url, request.url) {
            for field in Self.credentialFields { redirected.setValue(nil, forHTTPHeaderField: field) }
        }
        completionHandler(redirected)
    }

    static func sameOrigin(_ lhs: URL?, _ rhs: URL?) -> Bool {
        guard let lhs, let rhs else { return false }
        return lhs.scheme?.lowercased() == rhs.scheme?.lowercased() && lhs.host?.lowercased() == rhs.host?.lowercased()
            && lhs.port == rhs.port
    }

    private let declined = Mutex<[Int: HTTPURLResponse]>([:])

    func urlSession(
        _: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        if let response = challenge.failureResponse as? HTTPURLResponse {
            declined.withLock { $0[task.taskIdentifier] = response }
        }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func takeDeclinedResponse(for taskIdentifier: Int) -> HTTPURLResponse? {
        declined.withLock { $0.removeValue(forKey: taskIdentifier) }
    }
}
