/// The success screen: a greeting and the way back.
@MainActor
public final class SuccessPresenter {
    public let label = "hello."
    private let router: any LoginRouter

    public init(router: any LoginRouter) {
        self.router = router
    }

    public func backTapped() {
        router.showLogin()
    }
}
