/// A successful login: the session token and the backend's greeting.
public struct Authentication: Equatable, Sendable, Codable {
    /// The session token.
    public let token: String
    /// The backend's greeting: `Welcome back!`.
    public let message: String

    /// Creates an ``Authentication``.
    ///
    /// - Parameters:
    ///   - token: the session token.
    ///   - message: the greeting.
    public init(token: String, message: String) {
        self.token = token
        self.message = message
    }
}

/// The rules of the login form.
public enum Credentials {
    /// An email is valid when it contains `@`.
    public static func isValidEmail(_ email: String) -> Bool { email.contains("@") }

    /// A password is valid when it is not empty.
    public static func isValidPassword(_ password: String) -> Bool { !password.isEmpty }
}
