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
    /// No secure connection could be made: a certificate the device does not trust (a captive
    /// portal, an intercepting proxy, a wrong clock), a failed TLS handshake, or plain HTTP where
    /// the app requires HTTPS.
    case insecureConnection(host: String)
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
        case .cancelled, .undecodable, .invalidRequest, .bodyTooLarge, .badRedirect, .insecureConnection: false
        }
    }
}

extension NetworkError: LocalizedError {
    /// What went wrong, in words an app's user can act on; looked up in the module's
    /// `Localizable.strings`, English by default.
    public var errorDescription: String? {
        switch self {
        case .cannotConnect(let host): text("NetworkError.cannotConnect", host)
        case .offline: text("NetworkError.offline")
        case .timedOut(let seconds): text("NetworkError.timedOut", String(seconds))
        case .cancelled: text("NetworkError.cancelled")
        case .connectionLost: text("NetworkError.connectionLost")
        case .insecureConnection(let host): text("NetworkError.insecureConnection", host)
        case .unexpectedStatus(let status, let message?):
            text("NetworkError.unexpectedStatus.message", String(status), message)
        case .unexpectedStatus(let status, nil):
            text("NetworkError.unexpectedStatus", String(status), HTTPStatusText.reason(for: status))
        case .undecodable(let path, let reason):
            path.isEmpty
                ? text("NetworkError.undecodable", reason) : text("NetworkError.undecodable.path", path, reason)
        case .bodyTooLarge(let limit): text("NetworkError.bodyTooLarge", String(limit / 1024))
        case .invalidRequest(let reason): text("NetworkError.invalidRequest", reason)
        case .badRedirect(let location, let reason): text("NetworkError.badRedirect", location, reason)
        case .transport(let reason): text("NetworkError.transport", reason)
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "Networking", arguments: arguments)
}

enum HTTPStatusText {
    static func reason(for status: Int) -> String {
        switch status {
        case 101, 300, 304, 400, 401, 403, 404, 405, 409, 422, 429, 500, 502, 503, 504: text("HTTPStatus.\(status)")
        case 301, 302, 303, 307, 308: text("HTTPStatus.redirectWithoutLocation")
        case 100..<200: text("HTTPStatus.informational")
        case 200..<300: text("HTTPStatus.success")
        case 300..<400: text("HTTPStatus.redirect")
        case 400..<500: text("HTTPStatus.clientError")
        case 500..<600: text("HTTPStatus.serverError")
        default: text("HTTPStatus.notHTTP")
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
