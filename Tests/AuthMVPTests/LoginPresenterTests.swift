import AuthMVP
import Testing

@Suite("Login presenter")
@MainActor
struct LoginPresenterTests {
    typealias State = LoginViewState

    func makeSUT() -> (LoginPresenter, LoginViewSpy, LoginRouterSpy, ControlledAuthService) {
        let view = LoginViewSpy()
        let router = LoginRouterSpy()
        let service = ControlledAuthService()
        let presenter = LoginPresenter(view: view, router: router, service: service)
        return (presenter, view, router, service)
    }

    func state(
        email: String = "", emailBorder: State.Border = .untouched, password: String = "",
        passwordBorder: State.Border = .untouched, title: String = "Login", enabled: Bool = false,
        activity: Bool = false,
        error: String = "", failure: AuthError? = nil
    ) -> State {
        State(
            email: .init(text: email, border: emailBorder), password: .init(text: password, border: passwordBorder),
            button: .init(title: title, isEnabled: enabled), isActivityVisible: activity, error: error,
            failure: failure)
    }

    /// Types valid credentials and taps Login; returns the service call's index.
    func startLogin(_ presenter: LoginPresenter, _ service: ControlledAuthService) async -> Int {
        presenter.emailChanged("ann@example.com")
        presenter.passwordChanged("secret")
        presenter.buttonTapped()
        return await service.nextCall()
    }

    let valid = (email: "ann@example.com", password: "secret")

    @Test func theFirstRenderIsTheDefaultScreen() {
        let (presenter, view, _, _) = makeSUT()
        presenter.viewDidLoad()
        #expect(view.states == [.initial])
        #expect(State.initial == state())
    }

    @Test func bordersAreUntouchedUntilEditedThenInvalidOrValid() {
        let (presenter, view, _, _) = makeSUT()
        presenter.emailChanged("ann")
        presenter.emailChanged("ann@")
        presenter.passwordChanged("")
        presenter.passwordChanged("x")
        #expect(
            view.states == [
                state(email: "ann", emailBorder: .invalid),
                state(email: "ann@", emailBorder: .valid),
                state(email: "ann@", emailBorder: .valid, passwordBorder: .invalid),
                state(email: "ann@", emailBorder: .valid, password: "x", passwordBorder: .valid, enabled: true),
            ])
    }

    @Test func theStateDescribesItsFieldsAndButtonForAScreenReader() {
        let (presenter, view, _, _) = makeSUT()
        presenter.viewDidLoad()
        #expect(view.states.last?.accessibilityDescription(of: .email) == "Email, text field, empty")
        #expect(view.states.last?.buttonAccessibilityDescription == "Login, button, dimmed")
        presenter.emailChanged("ann")
        presenter.passwordChanged("secret")
        let shown = view.states.last
        #expect(
            shown?.accessibilityDescription(of: .email)
                == "Email, text field, ann, invalid: needs an @, like ann@example.com")
        #expect(shown?.accessibilityDescription(of: .password) == "Password, secure text field, 6 characters")
    }

    @Test func tappingADisabledButtonDoesNothing() {
        let (presenter, view, _, service) = makeSUT()
        presenter.emailChanged("no-at-sign")
        presenter.passwordChanged("secret")
        presenter.buttonTapped()
        #expect(view.states.count == 2)
        #expect(service.calls.isEmpty)
    }

    @Test func loggingInShowsCancelAndActivityAndSendsTheCredentials() async {
        let (presenter, view, _, service) = makeSUT()
        _ = await startLogin(presenter, service)
        #expect(
            view.last
                == state(
                    email: valid.email, emailBorder: .valid, password: valid.password, passwordBorder: .valid,
                    title: "Cancel",
                    enabled: true, activity: true))
        #expect(service.calls == [.init(email: valid.email, password: valid.password)])
    }

    /// The token and the greeting reach the router: an app keeps the one and shows the other.
    @Test func successGoesToTheSuccessScreenWithTheAuthentication() async {
        let (presenter, view, router, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .success(Authentication(token: "t", message: "hi")))
        await presenter.waitForRequest()
        #expect(router.messages == [.showSuccess(Authentication(token: "t", message: "hi"))])
        #expect(view.last?.button == .init(title: "Login", isEnabled: false), "the password is forgotten")
        #expect(view.last?.password.text == "")
        #expect(view.last?.isActivityVisible == false)
    }

    @Test func unauthorizedShowsTheBackendsMessageAndTryAgain() async {
        let (presenter, view, router, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .failure(.unauthorized(message: "Wrong password.")))
        await presenter.waitForRequest()
        #expect(
            view.last
                == state(
                    email: valid.email, emailBorder: .valid, password: valid.password, passwordBorder: .valid,
                    title: "Try again", enabled: true, error: "Wrong password.",
                    failure: .unauthorized(message: "Wrong password.")))
        #expect(presenter.phase == .failed(.unauthorized(message: "Wrong password.")))
        #expect(router.messages.isEmpty)
    }

    @Test func anotherFailureShowsItsMessageAndTryAgain() async {
        let (presenter, view, _, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .failure(.rejected(status: 500, message: "Server down.")))
        await presenter.waitForRequest()
        #expect(view.last?.button.title == "Try again")
        #expect(view.last?.error == "Server down.")
    }

    @Test func cancelCancelsTheRequestsTaskAndReturnsToLoginWithNoError() async {
        let (presenter, view, router, service) = makeSUT()
        let call = await startLogin(presenter, service)
        presenter.buttonTapped()  // "Cancel"
        await presenter.waitForRequest()
        #expect(service.cancelledCalls == [call])
        #expect(
            view.last
                == state(
                    email: valid.email, emailBorder: .valid, password: valid.password, passwordBorder: .valid,
                    enabled: true))
        #expect(router.messages.isEmpty)
    }

    @Test func anAnswerToACancelledAttemptIsIgnored() async {
        let (presenter, view, router, service) = makeSUT()
        let first = await startLogin(presenter, service)
        presenter.buttonTapped()  // cancel
        presenter.buttonTapped()  // login again
        let second = await service.nextCall()
        service.answer(first, with: .success(Authentication(token: "late", message: "")))
        #expect(view.last?.button.title == "Cancel")
        service.answer(second, with: .failure(.unauthorized(message: "No.")))
        await presenter.waitForRequest()
        #expect(view.last?.error == "No.")
        #expect(router.messages.isEmpty)
    }

    @Test func tryAgainStartsANewAttemptAndClearsTheError() async {
        let (presenter, view, router, service) = makeSUT()
        let first = await startLogin(presenter, service)
        service.answer(first, with: .failure(.rejected(status: 500, message: "Oops.")))
        await presenter.waitForRequest()
        presenter.buttonTapped()
        #expect(view.last?.error == "")
        #expect(view.last?.button.title == "Cancel")
        let second = await service.nextCall()
        service.answer(second, with: .success(Authentication(token: "t", message: "")))
        await presenter.waitForRequest()
        #expect(router.messages == [.showSuccess(Authentication(token: "t", message: ""))])
        #expect(service.calls.count == 2)
    }

    @Test func aDoubleTapOnStartLoginSendsOneRequestAndDoesNotCancelIt() async {
        let (presenter, view, router, service) = makeSUT()
        presenter.emailChanged(valid.email)
        presenter.passwordChanged(valid.password)
        presenter.startLogin()
        presenter.startLogin()
        let call = await service.nextCall()
        #expect(presenter.phase == .loading)
        service.answer(call, with: .success(Authentication(token: "t", message: "")))
        await presenter.waitForRequest()
        #expect(service.calls.count == 1)
        #expect(service.cancelledCalls.isEmpty)
        #expect(router.messages == [.showSuccess(Authentication(token: "t", message: ""))])
        #expect(view.last?.isActivityVisible == false)
    }

    @Test func typingAfterAFailureClearsItAndTheButtonSaysLoginAgain() async {
        let (presenter, view, _, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .failure(.unauthorized(message: "Wrong password.")))
        await presenter.waitForRequest()
        presenter.passwordChanged(valid.password)
        #expect(view.last?.error == "Wrong password.", "the same text again keeps the failure")
        #expect(view.last?.button.title == "Try again")
        presenter.passwordChanged(valid.password + "!")
        #expect(presenter.phase == .idle)
        #expect(view.last?.error == "")
        #expect(view.last?.button.title == "Login")
        #expect(view.last?.failure == nil)
    }

    @Test func resetReturnsToTheDefaultScreen() async {
        let (presenter, view, _, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .failure(.rejected(status: 500, message: "Oops.")))
        await presenter.waitForRequest()
        presenter.reset()
        #expect(view.last == .initial)
        #expect(presenter.phase == .idle)
    }

    @Test func thePresenterHoldsTheViewWeakly() {
        var view: LoginViewSpy? = LoginViewSpy()
        weak let weakView = view
        let presenter = LoginPresenter(view: view!, router: LoginRouterSpy(), service: ControlledAuthService())
        view = nil
        #expect(weakView == nil)
        presenter.viewDidLoad()  // renders into nothing, without crashing
    }

    @Test func theSuccessScreenSaysHelloKeepsTheLoginAndGoesBack() {
        let router = LoginRouterSpy()
        let success = SuccessPresenter(
            authentication: Authentication(token: "t", message: "Welcome back!"), router: router)
        #expect(success.label == "hello.")
        #expect(success.authentication.message == "Welcome back!")
        success.backTapped()
        #expect(router.messages == [.showLogin])
    }
}
