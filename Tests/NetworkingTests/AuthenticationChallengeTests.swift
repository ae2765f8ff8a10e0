import AppsCore
import Foundation
import Testing

@testable import Networking

/// The delegate's answer to every kind of authentication challenge, asked directly: Linux never
/// raises server-trust or client-certificate challenges, so no live test can reach those paths.
@Suite struct AuthenticationChallengeTests {
    /// Prompts for a user's credentials: declined, so the `401` comes back as the answer.
    static let declined = [
        NSURLAuthenticationMethodHTTPBasic, NSURLAuthenticationMethodHTTPDigest, NSURLAuthenticationMethodDefault,
        NSURLAuthenticationMethodHTMLForm,
    ]
    /// Everything else, HTTPS's server trust first: the system decides.
    static let systemHandled = [
        serverTrust, clientCertificate, NSURLAuthenticationMethodNTLM, NSURLAuthenticationMethodNegotiate,
        "SomeFutureMethod",
    ]

    @Test(arguments: declined)
    func taskLevelCredentialPromptsAreDeclinedKeepingThe401(_ method: String) async {
        let (delegate, session, task) = makeSUT()
        let unauthorized = HTTPURLResponse(
            url: URL(string: "https://example.test/x")!, statusCode: 401, httpVersion: nil, headerFields: nil)
        let answered = Locked<(URLSession.AuthChallengeDisposition, URLCredential?)?>(nil)
        let ending = await withCheckedContinuation { continuation in
            delegate.begin(task, maximumBodyBytes: 1) { continuation.resume(returning: $0) }
            delegate.urlSession(session, task: task, didReceive: challenge(method, failureResponse: unauthorized)) {
                disposition, credential in answered.withLock { $0 = (disposition, credential) }
            }
            delegate.urlSession(session, task: task, didCompleteWithError: URLError(.cancelled))
        }
        #expect(answered.withLock { $0?.0 } == .cancelAuthenticationChallenge)
        #expect(answered.withLock { $0?.1 } == nil)
        guard case .answered(let response as HTTPURLResponse, _) = ending else {
            Issue.record("expected the 401 as the answer, got \(ending)")
            return
        }
        #expect(response.statusCode == 401)
    }

    @Test(arguments: systemHandled)
    func taskLevelChallengesOtherThanPromptsGetDefaultHandling(_ method: String) async {
        let (delegate, session, task) = makeSUT()
        let disposition = await answer { completion in
            delegate.urlSession(session, task: task, didReceive: challenge(method)) { disposition, credential in
                completion((disposition, credential))
            }
        }
        #expect(disposition == .performDefaultHandling)
    }

    /// Session-level challenges: prompts declined as at task level, everything else to the system.
    @Test(arguments: declined.map { ($0, true) } + systemHandled.map { ($0, false) })
    func sessionLevelChallengesAreAnsweredLikeTaskLevelOnes(_ method: String, _ isDeclined: Bool) async {
        let (delegate, session, _) = makeSUT()
        let disposition = await answer { completion in
            delegate.urlSession(session, didReceive: challenge(method)) { disposition, credential in
                completion((disposition, credential))
            }
        }
        #expect(disposition == (isDeclined ? .cancelAuthenticationChallenge : .performDefaultHandling))
    }

    // MARK: Helpers

    #if canImport(FoundationNetworking)
        // FoundationNetworking marks these two unavailable (it has no Security framework); the
        // strings are the values Apple's Foundation gives them.
        static let serverTrust = "NSURLAuthenticationMethodServerTrust"
        static let clientCertificate = "NSURLAuthenticationMethodClientCertificate"
    #else
        static let serverTrust = NSURLAuthenticationMethodServerTrust
        static let clientCertificate = NSURLAuthenticationMethodClientCertificate
    #endif

    private func makeSUT() -> (TransferDelegate, URLSession, URLSessionDataTask) {
        let session = URLSession(configuration: .ephemeral)
        return (TransferDelegate(), session, session.dataTask(with: URL(string: "https://example.test/x")!))
    }

    /// The disposition a delegate method passed to its completion handler; no credential is ever offered.
    private func answer(
        _ ask: (@escaping @Sendable ((URLSession.AuthChallengeDisposition, URLCredential?)) -> Void) -> Void
    ) async -> URLSession.AuthChallengeDisposition {
        let (disposition, credential) = await withCheckedContinuation { continuation in
            ask { continuation.resume(returning: $0) }
        }
        #expect(credential == nil)
        return disposition
    }

    private func challenge(_ method: String, failureResponse: URLResponse? = nil) -> URLAuthenticationChallenge {
        URLAuthenticationChallenge(
            protectionSpace: URLProtectionSpace(
                host: "example.test", port: 443, protocol: NSURLProtectionSpaceHTTPS, realm: nil,
                authenticationMethod: method),
            proposedCredential: nil, previousFailureCount: 0, failureResponse: failureResponse, error: nil,
            sender: IgnoringSender())
    }
}

/// A challenge needs a sender; the delegate answers through its completion handler instead.
private final class IgnoringSender: NSObject, URLAuthenticationChallengeSender {
    func use(_: URLCredential, for _: URLAuthenticationChallenge) {}
    func continueWithoutCredential(for _: URLAuthenticationChallenge) {}
    func cancel(_: URLAuthenticationChallenge) {}
    func performDefaultHandling(for _: URLAuthenticationChallenge) {}
    func rejectProtectionSpaceAndContinue(with _: URLAuthenticationChallenge) {}
}

/// What iOS reports when the network is not there for the app, through the delegate as a transfer
/// ends: each is the `NetworkError` an app can say something useful about.
@Suite struct NetworkConditionTests {
    @Test(arguments: [
        (URLError.Code.notConnectedToInternet, NetworkError.offline),
        (.dataNotAllowed, .offline),  // cellular data off for the app
        (.internationalRoamingOff, .offline),
        (.networkConnectionLost, .connectionLost),  // also after the app was suspended
        (.secureConnectionFailed, .insecureConnection(host: "api.test")),
        (.serverCertificateUntrusted, .insecureConnection(host: "api.test")),
        (.serverCertificateHasBadDate, .insecureConnection(host: "api.test")),
        (.cannotFindHost, .cannotConnect(host: "api.test")),
        (.timedOut, .timedOut(seconds: 5)),
    ])
    func eachConditionIsTheRightError(_ code: URLError.Code, _ expected: NetworkError) async {
        let delegate = TransferDelegate()
        let session = URLSession(configuration: .ephemeral)
        let task = session.dataTask(with: URL(string: "https://api.test/x")!)
        let ending = await withCheckedContinuation { continuation in
            delegate.begin(task, maximumBodyBytes: 1) { continuation.resume(returning: $0) }
            delegate.urlSession(session, task: task, didCompleteWithError: URLError(code))
        }
        guard case .failed(let error) = ending else {
            Issue.record("\(ending)")
            return
        }
        #expect(URLSessionHTTPClient.networkError(for: error, host: "api.test", timeoutSeconds: 5) == expected)
        #expect(expected.isUnavailable == (expected != .insecureConnection(host: "api.test")))
    }
}
