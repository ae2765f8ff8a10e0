import Foundation

/// Why a login did not succeed: the login screen's failure state.
///
/// ```swift
/// if case .failed(.network(let cause)) = presenter.phase, cause.isUnavailable { offerRetry() }
/// ```
public enum AuthError: Error, Equatable, Sendable {
    /// 401: the backend refused the credentials, with its message.
    case unauthorized(message: String)
    /// Another error status, with the backend's message or a generic one.
    case rejected(status: Int, message: String)
    /// The backend could not be reached or answered something unreadable.
    case network(NetworkError)
    /// The caller cancelled the request.
    case cancelled
}

extension AuthError: LocalizedError {
    /// What the login screen's error label shows; empty for a cancelled request.
    public var errorDescription: String? {
        switch self {
        case .unauthorized(let message), .rejected(_, let message): message
        case .network(let cause): cause.localizedDescription
        case .cancelled: ""
        }
    }
}

/// A string of this module's `Localizable.strings`, filled in.
func text(_ key: String, _ arguments: String...) -> String {
    localized(key, bundle: .module, table: "AuthMVP", arguments: arguments)
}
