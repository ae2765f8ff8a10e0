/// A successful login: the session token and the backend's greeting.
///
/// It is `Hashable`, so the success screen is a navigation value (``LoginPresenter/path``), and its
/// descriptions never show the token: printing it, `dump` and a debugger's summary say
/// `Authentication(message: "Welcome back!", token: <redacted>)`.
public struct Authentication: Hashable, Sendable, Codable {
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

extension Authentication: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The greeting, with the token left out: `Authentication(message: "Welcome back!", token: <redacted>)`.
    public var description: String { "Authentication(message: \(String(reflecting: message)), token: <redacted>)" }

    /// The same as ``description``: a log or a debugger never shows the token.
    public var debugDescription: String { description }

    /// What `dump` and a debugger show: the greeting, and the token as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: ["message": message, "token": "<redacted>"], displayStyle: .struct)
    }
}

/// The rules of the login form.
public enum Credentials {
    /// An email is valid when it contains `@`.
    public static func isValidEmail(_ email: String) -> Bool { email.contains("@") }

    /// A password is valid when it is not empty.
    public static func isValidPassword(_ password: String) -> Bool { !password.isEmpty }
}
