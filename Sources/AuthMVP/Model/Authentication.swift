/// A successful login: the session token and the backend's greeting.
public struct Authentication: Equatable, Sendable, Codable {
    public let token: String
    public let message: String

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
