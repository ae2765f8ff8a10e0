import AppsCore
import Foundation

/// Everything that can go wrong between a request and a decoded value, in words a user can act on.
public enum NetworkError: Error, Equatable, Sendable {
    /// No connection could be made to the host (refused, unknown host, no route).
    case cannotConnect(host: String)
    /// The machine has no network at all.
    case offline
    /// The server did not answer within the timeout.
    case timedOut(seconds: Int)
    /// The caller cancelled the request.
    case cancelled
    /// The connection broke before a complete response arrived.
    case connectionLost
    /// The server answered with a status the endpoint does not accept.
    /// `message` is the body's `{"message": ...}` when it sent one.
    case unexpectedStatus(Int, message: String?)
    /// The body could not be decoded. `path` is the coding path (`draws[3].number1`), empty for the root.
    case undecodable(path: String, reason: String)
    /// The answer's body was larger than the client accepts.
    case bodyTooLarge(limitBytes: Int)
    /// The request could not be built (for example a URL that is not HTTP).
    case invalidRequest(String)
    /// The server redirected somewhere this client does not follow: an address that is not
    /// http or https, a port out of range, a loop, too many hops, or another site that would be
    /// sent the request's body. `location` is where it pointed.
    case badRedirect(location: String, reason: String)
    /// Anything else the transport reported.
    case transport(String)

    /// Whether the failure means the backend could not be reached or did not work (as opposed to
    /// answering with something definite).
    public var isUnavailable: Bool {
        switch self {
        case .cannotConnect, .offline, .timedOut, .connectionLost, .transport: true
        case .unexpectedStatus(let status, _): status >= 500
        case .cancelled, .undecodable, .invalidRequest, .bodyTooLarge, .badRedirect: false
        }
    }
}

extension NetworkError: LocalizedError {
    /// What went wrong, in words a user can act on.
    public var errorDescription: String? {
        switch self {
        case .cannotConnect(let host):
            "Cannot connect to \(host). Check that the server is running and the address is right."
        case .offline:
            "You are offline. Check the network connection and try again."
        case .timedOut(let seconds):
            "The server did not answer within \(seconds) s. Try again, or raise --timeout."
        case .cancelled:
            "The request was cancelled."
        case .connectionLost:
            "The connection was lost before the server finished answering. Try again."
        case .unexpectedStatus(let status, let message?):
            "The server answered \(status): \(message)"
        case .unexpectedStatus(let status, nil):
            "The server answered \(status) (\(HTTPStatusText.reason(for: status)))."
        case .undecodable(let path, let reason):
            path.isEmpty
                ? "The server sent data that cannot be read: \(reason)"
                : "The server sent data that cannot be read at \(path): \(reason)"
        case .bodyTooLarge(let limit):
            "The server sent more than \(limit / 1024) KiB, more than this app accepts; the answer was dropped."
        case .invalidRequest(let reason):
            "The request could not be made: \(reason)"
        case .badRedirect(let location, let reason):
            "The server redirected the request to \(location), which was not followed: \(reason)."
        case .transport(let reason):
            "The request failed: \(reason)"
        }
    }
}

enum HTTPStatusText {
    static func reason(for status: Int) -> String {
        switch status {
        case 101: "switching protocols, which this app does not use"
        case 300: "multiple choices"
        case 301, 302, 303, 307, 308: "a redirect without an address to follow"
        case 304: "not modified, for a request that asked for no stored copy"
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 405: "method not allowed"
        case 409: "conflict"
        case 422: "unprocessable content"
        case 429: "too many requests"
        case 500: "internal server error"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        default:
            switch status {
            case 100..<200: "informational"
            case 200..<300: "success"
            case 300..<400: "redirect"
            case 400..<500: "client error"
            case 500..<600: "server error"
            default: "not an HTTP status"
            }
        }
    }
}

extension NetworkError {
    /// Any error a request can end with, as a `NetworkError`: itself, a decoding error by its
    /// path, a cancellation, or else a transport failure in the error's own words.
    ///
    /// ```swift
    /// } catch {
    ///     state = .failed(.network(NetworkError(error)))
    /// }
    /// ```
    public init(_ error: any Error) {
        switch error {
        case let network as NetworkError: self = network
        case let decoding as DecodingError: self.init(decoding)
        case is CancellationError: self = .cancelled
        default: self = .transport(error.localizedDescription)
        }
    }

    /// Describes a `DecodingError` by its coding path, e.g. `draws[3].number1`.
    public init(_ error: DecodingError) {
        let (context, reason): (DecodingError.Context, String) =
            switch error {
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "missing \(type) value")
            case .keyNotFound(let key, let context): (context, "missing key \"\(key.stringValue)\"")
            case .dataCorrupted(let context): (context, context.debugDescription)
            @unknown default: (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        var keys = context.codingPath
        if case .keyNotFound(let key, _) = error, keys.last?.stringValue == key.stringValue { keys.removeLast() }
        self = .undecodable(path: describeCodingPath(keys), reason: reason)
    }
}
