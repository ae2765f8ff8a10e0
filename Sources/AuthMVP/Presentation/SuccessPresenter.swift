/// The success screen: a greeting, the login it follows, and the way back.
///
/// ```swift
/// func showSuccess(_ authentication: Authentication) {
///     path.append(SuccessPresenter(authentication: authentication, router: self))
/// }
/// ```
@MainActor
public final class SuccessPresenter {
    /// The greeting the screen shows.
    public let label = "hello."
    /// The login this screen follows: the session token to keep and the backend's greeting.
    public let authentication: Authentication
    private let router: any LoginRouter

    /// Creates a ``SuccessPresenter``.
    ///
    /// - Parameters:
    ///   - authentication: what the login brought, from ``LoginRouter/showSuccess(_:)``.
    ///   - router: where back navigates: the login screen.
    public init(authentication: Authentication, router: any LoginRouter) {
        self.authentication = authentication
        self.router = router
    }

    /// Goes back to the login screen.
    public func backTapped() {
        router.showLogin()
    }
}
