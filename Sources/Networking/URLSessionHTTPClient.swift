import AppsCore
import Foundation
import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPClient`: one long-lived `URLSession` (creating sessions per request crashes on Linux).
/// ``shared`` is the one every `Remote…(baseURL:)` uses by default, so an app has one session per
/// process however often its views are re-created.
///
/// Cancelling the calling task cancels the transfer. Every request gets the configured timeout;
/// on Linux it is rounded up to whole seconds, because FoundationNetworking truncates fractions
/// (0.5 s fires at once).
///
/// Bodies arrive through the session's delegate, chunk by chunk, so a body longer than
/// `maximumBodyBytes` ends its transfer as soon as it passes the cap. The cap counts the bytes
/// that arrive, not a declared `Content-Length` (which a `HEAD` or a `304` carries for a body
/// they do not send).
///
/// A `401` carrying `WWW-Authenticate` hangs FoundationNetworking for ever (past the timeout) unless
/// a delegate answers the authentication challenge. This client's delegate declines credential
/// prompts (credentials go in the `Authorization` field, never through URLSession) and returns the
/// `401` itself; FoundationNetworking drops that response's body, so such a `401` arrives without
/// one. Server trust and the other session-level challenges get the system's default handling, so
/// HTTPS works as usual on Apple platforms.
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let transfers = TransferDelegate()
    private let timeout: TimeInterval
    private let timeoutSeconds: Int
    private let maximumBodyBytes: Int

    /// The default cap on a body: far above anything the five backends send.
    public static let defaultMaximumBodyBytes = 32 << 20

    /// The client every `Remote…(baseURL:)` uses unless given another: one session for the process.
    ///
    /// ```swift
    /// let lotto = RemoteLottoService(baseURL: backendURL)  // uses URLSessionHTTPClient.shared
    /// ```
    public static let shared = URLSessionHTTPClient()

    /// Creates an ``URLSessionHTTPClient``.
    ///
    /// - Parameters:
    ///   - timeout: the longest wait for each request; at least one second.
    ///   - maximumBodyBytes: a longer body is ``NetworkError/bodyTooLarge(limitBytes:)``.
    ///   - configuration: the session's configuration. By default, on Apple platforms, the system's
    ///     HTTP cache (`URLCache.shared`, so `Cache-Control` and validators work as an app expects)
    ///     and no cookies; on Linux, an ephemeral one with no URL cache (FoundationNetworking never
    ///     fills it; `CachingHTTPClient` is the cache there).
    public init(
        timeout: Duration = .seconds(10), maximumBodyBytes: Int = defaultMaximumBodyBytes,
        configuration: URLSessionConfiguration = URLSessionHTTPClient.defaultConfiguration()
    ) {
        self.maximumBodyBytes = maximumBodyBytes
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        self.timeout = TimeInterval(seconds)
        self.timeoutSeconds = max(1, Int(seconds.rounded(.up)))
        configuration.timeoutIntervalForRequest = Self.requestTimeout(seconds)
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration, delegate: transfers, delegateQueue: nil)
    }

    /// The configuration the initialiser uses unless given one: see its `configuration` parameter.
    public static func defaultConfiguration() -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
        #else
            let configuration = URLSessionConfiguration.default
            configuration.urlCache = .shared
        #endif
        configuration.httpCookieStorage = nil
        return configuration
    }

    /// The timeout URLSession gets: as asked on Apple platforms; whole seconds, rounded up, on
    /// Linux, where FoundationNetworking truncates fractions.
    static func requestTimeout(_ seconds: Double) -> TimeInterval {
        #if canImport(FoundationNetworking)
            TimeInterval(max(1, seconds.rounded(.up)))
        #else
            TimeInterval(max(0.001, seconds))
        #endif
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Sends the request through the session; see ``HTTPClient/send(_:body:)``.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw NetworkError.invalidRequest("\(request.method) \(request.path ?? "") has no valid URL")
        }
        urlRequest.timeoutInterval = Self.requestTimeout(timeout)
        urlRequest.httpBody = body
        let host = request.authority ?? "the server"
        let task = Locked<URLSessionDataTask?>(nil)
        // The outcome crosses threads under a lock, not only through the continuation: when the
        // transfer ends before the task has suspended, ThreadSanitizer on Linux cannot see the
        // continuation's hand-over and reports a race on the response (Docs/Reliability.md).
        let outcome = Locked<Result<(HTTPResponse, Data), NetworkError>?>(nil)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let dataTask = session.dataTask(with: urlRequest)
                transfers.begin(dataTask, maximumBodyBytes: maximumBodyBytes) { [timeoutSeconds] ending in
                    let result = Self.outcome(of: ending, host: host, timeoutSeconds: timeoutSeconds)
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

    private static func outcome(
        of ending: TransferDelegate.Ending, host: String, timeoutSeconds: Int
    ) -> Result<(HTTPResponse, Data), NetworkError> {
        switch ending {
        case .bodyTooLarge(let limit):
            return .failure(.bodyTooLarge(limitBytes: limit))
        case .failed(let error):
            return .failure(networkError(for: error, host: host, timeoutSeconds: timeoutSeconds))
        case .answered(let response, let body):
            guard var httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
                return .failure(.transport("the answer was not an HTTP response"))
            }
            httpResponse.headerFields.removeCacheBookkeeping()
            return .success((httpResponse, body))
        }
    }

    static func networkError(for error: any Error, host: String, timeoutSeconds: Int) -> NetworkError {
        if error is CancellationError { return .cancelled }
        if let network = error as? NetworkError { return network }
        guard let urlError = error as? URLError else { return .transport(error.localizedDescription) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(seconds: timeoutSeconds)
        case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: return .cannotConnect(host: host)
        // The device has no network for this app: none at all, cellular off for the app, or
        // roaming off abroad. "You're offline" is what its user can act on.
        case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff: return .offline
        // Also what iOS reports for a transfer cut when the app was suspended.
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: return .connectionLost
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            return .insecureConnection(host: host)
        case .httpTooManyRedirects:
            return .badRedirect(
                location: urlError.failingURL?.absoluteString ?? host,
                reason: text("Redirect.tooManyOrLoop"))
        default: return .transport(urlError.localizedDescription)
        }
    }
}

/// The session's delegate: collects each transfer's body as it arrives and ends the transfer once
/// the body passes its cap, declines credential prompts (keeping the `401` that raised each one)
/// while leaving server trust and the other session-level challenges to the system, and follows
/// redirects by ``Redirects``' rules.
final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// How a transfer ended.
    enum Ending: Sendable {
        case answered(URLResponse?, Data)
        case failed(any Error)
        case bodyTooLarge(limit: Int)
    }

    /// One transfer's state, only ever touched under the lock of `transfers`. A class, so that
    /// appending to `body` never copies it.
    private final class Transfer {
        let maximumBodyBytes: Int
        let finish: @Sendable (Ending) -> Void
        var body = Data()
        var declined: HTTPURLResponse?
        var refusedRedirect: NetworkError?
        var tooLarge = false

        init(maximumBodyBytes: Int, finish: @escaping @Sendable (Ending) -> Void) {
            self.maximumBodyBytes = maximumBodyBytes
            self.finish = finish
        }
    }

    private let transfers = Locked<[Int: Transfer]>([:])

    /// Follows `task` until it ends, then calls `finish` once. Call before resuming the task.
    func begin(_ task: URLSessionTask, maximumBodyBytes: Int, finish: @escaping @Sendable (Ending) -> Void) {
        transfers.withLock { $0[task.taskIdentifier] = Transfer(maximumBodyBytes: maximumBodyBytes, finish: finish) }
    }

    /// A response that declares a body longer than the cap is cancelled as soon as its headers
    /// reach the delegate, before any of the body is taken. A `HEAD` answer, a `204` and a `304`
    /// declare lengths they do not send, so they are let through. FoundationNetworking ignores the
    /// disposition and keeps reading into memory until the cancel lands, which is why the task is
    /// also cancelled directly (Docs/Reliability.md says how far this bounds memory on Linux).
    func urlSession(
        _: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let declared = response.expectedContentLength
        let bodyFollows =
            dataTask.originalRequest?.httpMethod != "HEAD"
            && ![204, 304].contains((response as? HTTPURLResponse)?.statusCode ?? 200)
        let refused = transfers.withLock { transfers in
            guard let transfer = transfers[dataTask.taskIdentifier], bodyFollows,
                declared > Int64(transfer.maximumBodyBytes)
            else { return false }
            transfer.tooLarge = true
            return true
        }
        completionHandler(refused ? .cancel : .allow)
        if refused { dataTask.cancel() }
    }

    func urlSession(_: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let overCap = transfers.withLock { transfers in
            guard let transfer = transfers[dataTask.taskIdentifier], !transfer.tooLarge else { return false }
            guard transfer.body.count + data.count <= transfer.maximumBodyBytes else {
                transfer.tooLarge = true
                transfer.body = Data()
                return true
            }
            transfer.body.append(data)
            return false
        }
        if overCap { dataTask.cancel() }
    }

    func urlSession(_: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let refusal = transfer.refusedRedirect {
            transfer.finish(.failed(refusal))
        } else if transfer.tooLarge {
            transfer.finish(.bodyTooLarge(limit: transfer.maximumBodyBytes))
        } else if let declined = transfer.declined {
            transfer.finish(.answered(declined, Data()))
        } else if let error {
            transfer.finish(.failed(error))
        } else {
            transfer.finish(.answered(task.response, transfer.body))
        }
    }

    /// Task-level challenges: credential prompts for one request. A declined prompt keeps the
    /// `401` that raised it, which the transfer then returns as its answer.
    func urlSession(
        _: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let disposition = Self.disposition(for: challenge)
        if disposition == .cancelAuthenticationChallenge, let response = challenge.failureResponse as? HTTPURLResponse {
            transfers.withLock { $0[task.taskIdentifier]?.declined = response }
        }
        completionHandler(disposition, nil)
    }

    /// Session-level challenges: server trust, client certificates, NTLM and Negotiate. Without
    /// this method Apple's URLSession hands them to the task-level one, and declining them there
    /// would cancel every HTTPS request.
    func urlSession(
        _: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(Self.disposition(for: challenge), nil)
    }

    /// The challenges this client declines: prompts for a user's credentials, which it never has
    /// (credentials travel in the `Authorization` field). FoundationNetworking raises these for a
    /// `401` carrying `WWW-Authenticate: Basic` or `Digest`, and hangs unless they are answered.
    static let declinedMethods: Set<String> = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
        NSURLAuthenticationMethodHTMLForm,
    ]

    /// Declines credential prompts; leaves everything else, server trust above all, to the system.
    static func disposition(for challenge: URLAuthenticationChallenge) -> URLSession.AuthChallengeDisposition {
        declinedMethods.contains(challenge.protectionSpace.authenticationMethod)
            ? .cancelAuthenticationChallenge : .performDefaultHandling
    }

    /// Follows a redirect by ``Redirects``' rules: a refused one ends the transfer with its reason.
    func urlSession(
        _: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let origin = task.currentRequest?.url ?? task.originalRequest?.url
        // Checked as the server wrote it: FoundationNetworking turns `file:///x` into a path on the same host.
        let location = response.value(forHTTPHeaderField: "Location") ?? request.url?.absoluteString ?? ""
        let target = URL(string: location, relativeTo: response.url)?.absoluteURL ?? request.url
        let resendsBody = request.httpBody != nil || request.httpBodyStream != nil
        if let refusal = Redirects.refusal(from: origin, to: target, location: location, resendsBody: resendsBody) {
            transfers.withLock { $0[task.taskIdentifier]?.refusedRedirect = refusal }
            completionHandler(nil)
            return
        }
        var redirected = request
        if !Redirects.sameOrigin(origin, request.url) {
            for field in Redirects.credentialFields { redirected.setValue(nil, forHTTPHeaderField: field.rawName) }
        }
        completionHandler(redirected)
    }
}
