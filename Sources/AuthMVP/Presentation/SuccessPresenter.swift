/// The success screen: a greeting and the way back.
@MainActor
public final class SuccessPresenter {
    /// The greeting the screen shows.
    public let label = "hello."
    private let router: any LoginRouter

    /// Creates a ``SuccessPresenter``.
    ///
    /// - Parameter router: where back navigates: the login screen.
    public init(router: any LoginRouter) {
        self.router = router
    }

    /// Goes back to the login screen.
    public func backTapped() {
        router.showLogin()
    }
}
