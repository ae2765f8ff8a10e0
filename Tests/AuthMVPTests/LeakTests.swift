import AuthMVP
import TestSupport
import Testing

/// The presenters keep closures and a request task: none of them may keep the presenter alive.
@Suite("AuthMVP releases its presenters")
@MainActor
struct AuthMVPLeakTests {
    @Test func aLoginPresenterIsReleasedAfterALoginAndACancel() async {
        let service = ControlledAuthService()
        let view = LoginViewSpy()
        let router = LoginRouterSpy()
        await expectReleased({ LoginPresenter(view: view, router: router, service: service) }) { presenter in
            presenter.viewDidLoad()
            presenter.emailChanged("ann@example.com")
            presenter.passwordChanged("secret")
            presenter.buttonTapped()
            service.answer(await service.nextCall(), with: .success(Authentication(token: "t", message: "hi")))
            await presenter.waitForRequest()
            presenter.passwordChanged("secret")
            presenter.buttonTapped()
            _ = await service.nextCall()
            presenter.buttonTapped()
            await presenter.waitForRequest()
        }
    }

    @Test func aLoginPresenterWithARequestInFlightIsReleased() async {
        let service = ControlledAuthService()
        await expectReleased({ LoginPresenter(view: LoginViewSpy(), router: LoginRouterSpy(), service: service) }) {
            presenter in
            presenter.emailChanged("ann@example.com")
            presenter.passwordChanged("secret")
            presenter.buttonTapped()
            _ = await service.nextCall()
        }
    }

    @Test func aSuccessPresenterIsReleased() async {
        let router = LoginRouterSpy()
        await expectReleased({
            SuccessPresenter(authentication: Authentication(token: "t", message: "m"), router: router)
        }) { $0.backTapped() }
    }
}

/// `expectReleased` is called without `try` when nothing it is given throws.
@MainActor
@Test func aReleaseCheckWithoutAFollowUpNeedsNoTry() async {
    await expectReleased({ LoginPresenter(service: ControlledAuthService()) })
}
