/// Where the login flow goes next.
@MainActor
public protocol LoginRouter: AnyObject {
    /// Shows the success screen after a login.
    func showSuccess()
    /// Shows the login screen again, as after leaving success.
    func showLogin()
}
