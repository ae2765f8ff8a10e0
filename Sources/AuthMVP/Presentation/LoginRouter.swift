/// Where the login flow goes next.
@MainActor
public protocol LoginRouter: AnyObject {
    /// Shows the success screen after a login, with what the login brought: the session token
    /// and the backend's greeting.
    func showSuccess(_ authentication: Authentication)
    /// Shows the login screen again, as after leaving success.
    func showLogin()
}
