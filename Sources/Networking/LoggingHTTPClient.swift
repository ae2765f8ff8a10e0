import Foundation
import HTTPTypes
import Logging

/// Logs one line per exchange: method, URL, status, duration, cache status and attempts.
///
/// Nothing secret is written: no header values at all (so no `Authorization` or `Cookie`), no
/// bodies, and query items named like secrets (`password`, `token`, ...) are replaced by `REDACTED`.
public struct LoggingHTTPClient: HTTPClient {
    private let base: any HTTPClient
    private let logger: Logger
    private let clock = ContinuousClock()

    /// Creates a ``LoggingHTTPClient``.
    ///
    /// - Parameters:
    ///   - base: the client whose exchanges are logged.
    ///   - logger: where the lines go, at `info`; failures at `warning`.
    public init(_ base: any HTTPClient, logger: Logger) {
        self.base = base
        self.logger = logger
    }

    /// Sends through `base` and logs the exchange.
    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        let started = clock.now
        let target = "\(request.method.rawValue) \(Self.redactedURL(request))"
        do {
            let (response, data) = try await base.send(request, body: body)
            let milliseconds = Self.milliseconds(clock.now - started)
            var line = "\(target) -> \(response.status.code) in \(milliseconds) ms"
            if let cache = response.headerFields[.appsCacheStatus] { line += ", cache \(cache)" }
            if let attempts = response.headerFields[.appsAttempts] { line += ", attempts \(attempts)" }
            logger.info("\(line)")
            return (response, data)
        } catch {
            let milliseconds = Self.milliseconds(clock.now - started)
            logger.info("\(target) -> failed in \(milliseconds) ms: \(error.localizedDescription)")
            throw error
        }
    }

    static let secretNames: Set<String> = [
        "password", "passwd", "token", "access_token", "refresh_token", "secret", "api_key", "apikey", "key",
        "authorization", "session",
    ]

    static func redactedURL(_ request: HTTPRequest) -> String {
        guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return request.path ?? ""
        }
        components.user = nil
        components.password = nil
        components.queryItems = components.queryItems?.map { item in
            secretNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "REDACTED") : item
        }
        return components.string ?? request.path ?? ""
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }
}
