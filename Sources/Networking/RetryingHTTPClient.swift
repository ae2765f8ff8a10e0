import Foundation
import HTTPTypes

/// Retries idempotent requests (`GET`, `HEAD`) that failed in passing: transport failures and
/// `502`, `503`, `504`. Backoff is exponential with full jitter, bounded in attempts and delay, and
/// a `Retry-After` of seconds is honoured (up to `maximumDelay`). Other methods are sent once.
/// Cancelling the calling task ends the wait at once.
///
/// Every answer carries `X-Apps-Attempts`, how many attempts it took.
public struct RetryingHTTPClient: HTTPClient {
    /// How often and how long to retry.
    public struct Policy: Sendable {
        /// The most attempts, the first included; at least 1.
        public var maximumAttempts: Int
        /// The first backoff's upper bound; each attempt doubles it.
        public var baseDelay: Duration
        /// The longest wait between two attempts, `Retry-After` included.
        public var maximumDelay: Duration

        /// Creates a ``Policy``.
        ///
        /// - Parameters:
        ///   - maximumAttempts: the most attempts, at least 1.
        ///   - baseDelay: the first backoff's upper bound.
        ///   - maximumDelay: the longest wait between two attempts.
        public init(
            maximumAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maximumDelay: Duration = .seconds(5)
        ) {
            self.maximumAttempts = max(1, maximumAttempts)
            self.baseDelay = baseDelay
            self.maximumDelay = maximumDelay
        }
    }

    private let base: any HTTPClient
    private let policy: Policy
    private let clock: any Clock<Duration>
    /// A number in 0..<1 for the jitter; injected so tests can fix it.
    private let random: @Sendable () -> Double

    /// Creates a ``RetryingHTTPClient``.
    ///
    /// ```swift
    /// let client = RetryingHTTPClient(URLSessionHTTPClient(), policy: .init(maximumAttempts: 5))
    /// ```
    /// - Parameters:
    ///   - base: the client that talks to the server.
    ///   - policy: how often and how long to retry.
    ///   - clock: what the backoff sleeps on; tests inject one that does not wait.
    ///   - random: a number in 0..<1 for the jitter; tests fix it.
    public init(
        _ base: any HTTPClient, policy: Policy = Policy(), clock: any Clock<Duration> = ContinuousClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.policy = policy
        self.clock = clock
        self.random = random
    }

    static let retriedStatuses: Set<Int> = [502, 503, 504]

    /// Sends through `base`, retrying as the policy says; the answer carries `X-Apps-Attempts`.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let idempotent = request.method == .get || request.method == .head
        var attempt = 1
        while true {
            let outcome: Result<(HTTPResponse, Data), any Error>
            do {
                outcome = .success(try await base.send(request, body: body))
            } catch {
                outcome = .failure(error)
            }
            let retryable: Bool
            var retryAfter: Duration?
            switch outcome {
            case .success(let (response, _)):
                retryable = Self.retriedStatuses.contains(response.status.code)
                retryAfter = response.headerFields[.retryAfter].flatMap(Int.init).map { .seconds($0) }
            case .failure(let error):
                retryable = Self.isTransient(error)
            }
            guard idempotent, retryable, attempt < policy.maximumAttempts else {
                // Every attempt timed out: the wait the caller saw is all of them, and says so.
                if attempt > 1, case .failure(NetworkError.timedOut(let seconds)) = outcome {
                    throw NetworkError.timedOut(seconds: seconds * attempt)
                }
                var (response, data) = try outcome.get()
                response.headerFields[.appsAttempts] = String(attempt)
                return (response, data)
            }
            do {
                try await clock.sleep(for: delay(afterAttempt: attempt, retryAfter: retryAfter))
            } catch {
                throw NetworkError.cancelled
            }
            attempt += 1
        }
    }

    /// Full jitter: a random delay up to `base * 2^(attempt-1)`, never above the maximum; a
    /// `Retry-After` replaces it, capped the same way.
    func delay(afterAttempt attempt: Int, retryAfter: Duration?) -> Duration {
        if let retryAfter { return min(retryAfter, policy.maximumDelay) }
        let ceiling = min(policy.baseDelay * (1 << min(attempt - 1, 20)), policy.maximumDelay)
        return ceiling * random()
    }

    static func isTransient(_ error: any Error) -> Bool {
        switch error as? NetworkError {
        case .cannotConnect, .timedOut, .connectionLost, .transport: true
        default: false
        }
    }
}

/// The field ``RetryingHTTPClient`` sets on the answers it passes on.
extension HTTPField.Name {
    /// How many attempts an answer took, set by ``RetryingHTTPClient``.
    public static let appsAttempts = HTTPField.Name("X-Apps-Attempts")!
}
