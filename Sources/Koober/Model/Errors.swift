import Networking

/// Why signing in failed.
public enum SignInError: Error, Equatable, Sendable {
    /// Unknown email or wrong password.
    case unauthorized
    /// Anything else; `cause` says what, when it was the network.
    case unknown(cause: NetworkError?)

    public var message: String {
        switch self {
        case .unauthorized: "The email or password is incorrect."
        case .unknown(let cause?): cause.localizedDescription
        case .unknown(nil): "Signing in failed. Please try again."
        }
    }
}

/// Why signing up failed.
public enum SignUpError: Error, Equatable, Sendable {
    /// A field did not pass the rules, before any request was sent.
    case invalidField(SignUpField, message: String)
    /// The backend refused a field (422), with its message.
    case rejected(message: String)
    /// An account with this email exists.
    case conflict
    case unknown(cause: NetworkError?)

    public var message: String {
        switch self {
        case .invalidField(_, let message), .rejected(let message): message
        case .conflict: "An account with this email already exists. Sign in instead."
        case .unknown(let cause?): cause.localizedDescription
        case .unknown(nil): "Signing up failed. Please try again."
        }
    }
}

public enum SignUpField: String, Sendable, CaseIterable {
    case fullName, nickname, email, phone, password
}

/// Why a ride could not be requested.
public enum RideError: Error, Equatable, Sendable {
    /// The session token was rejected: the user is signed out.
    case sessionExpired
    case rejected(message: String)
    case unavailable(NetworkError)

    public var message: String {
        switch self {
        case .sessionExpired: "Your session has expired. Sign in again."
        case .rejected(let message): message
        case .unavailable(let cause): cause.localizedDescription
        }
    }
}
