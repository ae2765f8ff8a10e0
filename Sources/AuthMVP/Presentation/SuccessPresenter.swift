/// The success screen: a greeting, the login it follows, and the way back.
///
/// In SwiftUI it is the destination of the login's navigation value; the stack's back button
/// pops ``LoginPresenter/path``, which resets the login:
///
/// ```swift
/// .navigationDestination(for: Authentication.self) { authentication in
///     Text(SuccessPresenter(authentication: authentication).label)
/// }
/// ```
///
/// A UIKit coordinator makes one in ``LoginRouter/showSuccess(_:)`` and is told of back:
///
/// ```swift
/// func showSuccess(_ authentication: Authentication) {
///     navigationController.pushViewController(
///         SuccessViewController(presenter: SuccessPresenter(authentication: authentication, router: self)), animated: true)
/// }
/// ```
@MainActor
public final class SuccessPresenter {
    /// The greeting the screen shows: `hello.`, from the module's strings.
    public let label = text("Success.greeting")
    /// The login this screen follows: the session token to keep and the backend's greeting.
    public let authentication: Authentication
    private weak var router: (any LoginRouter)?

    /// Creates a ``SuccessPresenter``.
    ///
    /// - Parameters:
    ///   - authentication: what the login brought: a value of ``LoginPresenter/path``, or the one
    ///     ``LoginRouter/showSuccess(_:)`` was given.
    ///   - router: where back navigates: the login screen; held weakly, as the coordinator owns
    ///     the screens. None when the navigation is a path.
    public init(authentication: Authentication, router: (any LoginRouter)? = nil) {
        self.authentication = authentication
        self.router = router
    }

    /// Goes back to the login screen through the router; with a path, popping it is the way back.
    public func backTapped() {
        router?.showLogin()
    }
}
