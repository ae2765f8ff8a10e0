/// A successful login: the session token and the backend's greeting.
public struct Authentication: Equatable, Sendable, Codable {
    public let token: String
    public let message: String

    public init(token: String, message: String) {
        self.token = token
        self.message = message
    }
}

/// Why a login did not succeed.
public enum AuthError: Error, Equatable, Sendable {
    /// 401: the backend refused the credentials, with its message.
    case unauthorized(message: String)
    /// Any other status, or a transport failure. `message` is what a user should read.
    case failed(message: String)
    /// The caller cancelled the request.
    case cancelled

    /// What the login screen's error label shows.
    public var message: String {
        switch self {
        case .unauthorized(let message), .failed(let message): message
        case .cancelled: ""
        }
    }
}

/// The rules of the login form.
public enum Credentials {
    /// An email is valid when it contains `@`.
    public static func isValidEmail(_ email: String) -> Bool { email.contains("@") }

    /// A password is valid when it is not empty.
    public static func isValidPassword(_ password: String) -> Bool { !password.isEmpty }
}
