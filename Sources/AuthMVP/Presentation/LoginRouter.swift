/// Where the login flow goes next.
@MainActor
public protocol LoginRouter: AnyObject {
    func showSuccess()
    func showLogin()
}
