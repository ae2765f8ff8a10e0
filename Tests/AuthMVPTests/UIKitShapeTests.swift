import AuthMVP
import TestSupport
import Testing

/// AuthMVP in the shape a UIKit app gives it: a coordinator that owns its navigation controller,
/// whose login view controller owns the presenter, and a back button the presenter hears through
/// the navigation controller's delegate.
@Suite("AuthMVP in a UIKit app")
@MainActor
struct UIKitShapeTests {
    /// A login view controller: the passive view, owning its presenter.
    final class LoginViewController: LoginView {
        var presenter: LoginPresenter?
        private(set) var rendered: LoginViewState?
        func render(_ state: LoginViewState) { rendered = state }
    }

    /// The coordinator: owns the navigation stack (the login screen, then success), is the
    /// router, keeps the token in a store, and is the navigation controller's delegate.
    final class LoginCoordinator: LoginRouter {
        private(set) var stack: [AnyObject] = []
        let store: any ValueStore<Authentication>

        init(service: any AuthenticationService, store: any ValueStore<Authentication>) {
            self.store = store
            let login = LoginViewController()
            login.presenter = LoginPresenter(view: login, router: self, service: service)
            stack = [login]
        }

        var login: LoginViewController? { stack.first as? LoginViewController }

        func showSuccess(_ authentication: Authentication) {
            try? store.save(authentication)
            stack.append(SuccessPresenter(authentication: authentication, router: self))
        }

        func showLogin() {
            stack.removeLast(stack.count - 1)
            navigationControllerDidShow()
        }

        /// The system back button: UIKit pops the stack, then tells its delegate.
        func backButtonTapped() {
            stack.removeLast()
            navigationControllerDidShow()
        }

        private func navigationControllerDidShow() {
            login?.presenter?.didGoBack(toDepth: stack.count - 1)
        }
    }

    func logIn(_ coordinator: LoginCoordinator, service: ControlledAuthService) async throws {
        let presenter = try #require(coordinator.login?.presenter)
        presenter.emailChanged("ann@example.com")
        presenter.passwordChanged("secret")
        presenter.buttonTapped()
        service.answer(await service.nextCall(), with: .success(Authentication(token: "t0k3n", message: "hi")))
        await presenter.waitForRequest()
    }

    @Test func aCoordinatorThatOwnsTheScreensAndRoutesThemIsReleased() async throws {
        let service = ControlledAuthService()
        try await expectReleased({
            LoginCoordinator(service: service, store: InMemoryValueStore<Authentication>())
        }) { coordinator in
            try await logIn(coordinator, service: service)
            #expect(coordinator.stack.count == 2)
        }
    }

    @Test func aLoginThatSucceededForgetsThePasswordAndKeepsTheToken() async throws {
        let service = ControlledAuthService()
        let store = InMemoryValueStore<Authentication>()
        let coordinator = LoginCoordinator(service: service, store: store)
        try await logIn(coordinator, service: service)
        let presenter = try #require(coordinator.login?.presenter)
        #expect(presenter.password == "")
        #expect(presenter.email == "ann@example.com")
        #expect(coordinator.login?.rendered?.password.text == "")
        #expect(try store.load()?.token == "t0k3n")
    }

    @Test func theSystemBackButtonResetsTheLoginAndDropsTheToken() async throws {
        let service = ControlledAuthService()
        let coordinator = LoginCoordinator(service: service, store: InMemoryValueStore<Authentication>())
        try await logIn(coordinator, service: service)
        let presenter = try #require(coordinator.login?.presenter)
        #expect(presenter.path.count == 1)
        coordinator.backButtonTapped()
        #expect(presenter.path.isEmpty)
        #expect(presenter.email == "")
        #expect(presenter.state.email.border == .untouched)
        #expect(coordinator.login?.rendered?.button.title == "Login")
    }

    @Test func goingBackDeeperThanThePathChangesNothing() {
        let presenter = LoginPresenter(service: ControlledAuthService())
        presenter.email = "ann@example.com"
        presenter.didGoBack(toDepth: 3)
        presenter.didGoBack(toDepth: -1)
        #expect(presenter.email == "ann@example.com")
    }
}

@Suite("AuthMVP previews")
@MainActor
struct AuthMVPPreviewTests {
    @Test func aStillLoadingPreviewStaysLoadingUntilCancelled() async {
        let presenter = LoginPresenter(service: PreviewAuthenticationService.stillLoading)
        (presenter.email, presenter.password) = ("ann@example.com", "secret")
        presenter.buttonTapped()
        await Task.yield()
        #expect(presenter.state.isActivityVisible)
        #expect(presenter.state.button.title == "Cancel")
        presenter.buttonTapped()
        await presenter.waitForRequest()
        #expect(presenter.phase == .idle)
    }
}

@Suite("AuthMVP's router set after the presenter is made")
@MainActor
struct RouterSetLaterTests {
    @Test func aRouterSetLaterHearsOfSuccess() async {
        let service = ControlledAuthService()
        let presenter = LoginPresenter(service: service)
        let router = LoginRouterSpy()
        presenter.router = router
        (presenter.email, presenter.password) = ("ann@example.com", "secret")
        presenter.buttonTapped()
        service.answer(await service.nextCall(), with: .success(Authentication(token: "t", message: "hi")))
        await presenter.waitForRequest()
        #expect(router.messages == [.showSuccess(Authentication(token: "t", message: "hi"))])
    }
}
