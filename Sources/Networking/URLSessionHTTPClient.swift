import Foundation
import HTTPTypes
import HTTPTypesFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPClient`: one long-lived `URLSession` (creating sessions per request crashes on Linux).
///
/// Cancelling the calling task cancels the transfer. Every request gets the configured timeout,
/// rounded up to whole seconds because FoundationNetworking truncates fractions (0.5 s fires at once).
public final class URLSessionHTTPClient: HTTPClient {
    private let session: URLSession
    private let timeoutSeconds: Int

    /// - Parameters:
    ///   - timeout: the longest wait for each request; at least one second.
    ///   - configuration: the session's configuration; ephemeral by default (no cookies, no URL cache).
    public init(timeout: Duration = .seconds(10), configuration: URLSessionConfiguration = .ephemeral) {
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        self.timeoutSeconds = max(1, Int(seconds.rounded(.up)))
        configuration.timeoutIntervalForRequest = TimeInterval(timeoutSeconds)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        self.session = URLSession(configuration: configuration)
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
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let httpResponse = (response as? HTTPURLResponse)?.httpResponse else {
                throw NetworkError.transport("the answer was not an HTTP response")
            }
            return (httpResponse, data)
        } catch let error as NetworkError {
            throw error
        } catch {
            if Task.isCancelled { throw NetworkError.cancelled }
            throw Self.networkError(for: error, host: host, timeoutSeconds: timeoutSeconds)
        }
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
