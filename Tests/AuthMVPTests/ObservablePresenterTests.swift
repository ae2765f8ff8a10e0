import AppsCore
import AuthMVP
import Foundation
import Observation
import Testing

/// The presenter as a SwiftUI screen uses it: no view, no router, fields bound, state observed,
/// the success screen a path value, a request that never outlives its screen.
@Suite("Login presenter in SwiftUI")
@MainActor
struct ObservablePresenterTests {
    let welcome = Authentication(token: "secret-token", message: "Welcome back!")

    func makeSUT() -> (LoginPresenter, ControlledAuthService) {
        let service = ControlledAuthService()
        return (LoginPresenter(service: service), service)
    }

    /// Types valid credentials through the bound properties and starts a login; returns the
    /// service call's index.
    func startLogin(_ presenter: LoginPresenter, _ service: ControlledAuthService) async -> Int {
        presenter.email = "ann@example.com"
        presenter.password = "secret"
        presenter.buttonTapped()
        return await service.nextCall()
    }

    /// Whether reading `read` is told of the next change that `change` makes, as `body` is.
    func reportsChange<T>(of read: @escaping () -> T, when change: () -> Void) -> Bool {
        let changed = Locked(false)
        withObservationTracking {
            _ = read()
        } onChange: {
            changed.withLock { $0 = true }
        }
        change()
        return changed.withLock { $0 }
    }

    @Test func boundFieldsChangeTheObservedState() {
        let (presenter, _) = makeSUT()
        #expect(reportsChange(of: { presenter.state }) { presenter.email = "ann" })
        #expect(presenter.state.email == .init(text: "ann", border: .invalid))
        #expect(presenter.state.password.border == .untouched)
        presenter.password = "secret"
        presenter.email = "ann@example.com"
        #expect(presenter.state.email.border == .valid)
        #expect(presenter.state.button == .init(title: "Login", isEnabled: true))
    }

    @Test func successIsPushedAsAPathValueAndObserved() async {
        let (presenter, service) = makeSUT()
        let call = await startLogin(presenter, service)
        let pushed = Locked(false)
        withObservationTracking {
            _ = presenter.path
        } onChange: {
            pushed.withLock { $0 = true }
        }
        service.answer(call, with: .success(welcome))
        await presenter.waitForRequest()
        #expect(pushed.withLock { $0 })
        #expect(presenter.path == [welcome])
        #expect(presenter.state.isActivityVisible == false)
    }

    @Test func poppingThePathResetsTheLoginAndForgetsTheToken() async {
        let (presenter, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .success(welcome))
        await presenter.waitForRequest()
        presenter.path.removeLast()  // the back button
        #expect(presenter.state == .initial)
        #expect(presenter.email.isEmpty && presenter.password.isEmpty)
        #expect(presenter.path.isEmpty)
    }

    @Test func resetPopsTheSuccessScreen() async {
        let (presenter, service) = makeSUT()
        let call = await startLogin(presenter, service)
        service.answer(call, with: .success(welcome))
        await presenter.waitForRequest()
        presenter.reset()
        #expect(presenter.path.isEmpty)
        #expect(presenter.state == .initial)
    }

    @Test func cancellingTheCallersTaskCancelsTheRequest() async {
        let (presenter, service) = makeSUT()
        presenter.email = "ann@example.com"
        presenter.password = "secret"
        let login = Task { await presenter.logIn() }
        let call = await service.nextCall()
        #expect(presenter.state.button.title == "Cancel")
        login.cancel()
        await login.value
        #expect(service.cancelledCalls == [call])
        #expect(presenter.phase == .idle)
        #expect(presenter.state.error.isEmpty)
    }

    @Test func logInAwaitsTheAnswer() async {
        let (presenter, service) = makeSUT()
        presenter.email = "ann@example.com"
        presenter.password = "secret"
        let login = Task { await presenter.logIn() }
        service.answer(await service.nextCall(), with: .failure(.unauthorized(message: "No.")))
        await login.value
        #expect(presenter.state.failure == .unauthorized(message: "No."))
        #expect(presenter.state.error == "No.")
    }

    @Test func aLoginInFlightIsNeverSentTwice() async {
        let (presenter, service) = makeSUT()
        let call = await startLogin(presenter, service)
        let again = Task { await presenter.logIn() }
        service.answer(call, with: .success(welcome))
        await again.value
        #expect(service.calls.count == 1)
        #expect(presenter.path == [welcome])
    }

    @Test func invalidFieldsSendNothing() async {
        let (presenter, service) = makeSUT()
        presenter.email = "ann"
        await presenter.logIn()
        #expect(service.calls.isEmpty)
        #expect(presenter.phase == .idle)
    }

    @Test func cancelEndsTheRequestAndACancelWithNothingInFlightDoesNothing() async {
        let (presenter, service) = makeSUT()
        presenter.cancel()
        #expect(presenter.state == .initial)
        let call = await startLogin(presenter, service)
        presenter.cancel()
        presenter.cancel()
        await presenter.waitForRequest()
        #expect(service.cancelledCalls == [call])
        #expect(presenter.state.button == .init(title: "Login", isEnabled: true))
        #expect(service.calls.count == 1)
    }

    @Test func aPopDuringARequestCancelsIt() async {
        let (presenter, service) = makeSUT()
        let first = await startLogin(presenter, service)
        service.answer(first, with: .success(welcome))
        await presenter.waitForRequest()
        let second = await startLogin(presenter, service)
        presenter.path = []
        await presenter.waitForRequest()
        #expect(service.cancelledCalls == [second])
        #expect(presenter.state == .initial)
    }

    @Test func releasingThePresenterMidRequestCancelsIt() async {
        let service = ControlledAuthService()
        var presenter: LoginPresenter? = LoginPresenter(service: service)
        presenter?.email = "ann@example.com"
        presenter?.password = "secret"
        presenter?.buttonTapped()
        let call = await service.nextCall()
        presenter = nil
        await service.cancellation(of: call)
        #expect(service.cancelledCalls == [call])
    }

    @Test func theStateCarriesTheTypedFailure() async {
        let (presenter, service) = makeSUT()
        let failure = AuthError.network(.timedOut(seconds: 30))
        service.answer(await startLogin(presenter, service), with: .failure(failure))
        await presenter.waitForRequest()
        #expect(presenter.state.failure == failure)
        #expect(presenter.state.error == failure.localizedDescription)
        presenter.email = "ann@example.org"
        #expect(presenter.state.failure == nil, "typing answers the failure")
    }

    @Test func anAuthenticationNeverPrintsItsToken() {
        var dumped = ""
        dump(welcome, to: &dumped)
        for shown in [String(describing: welcome), String(reflecting: welcome), "\(welcome)", dumped] {
            #expect(!shown.contains("secret-token"), "\(shown)")
            #expect(shown.contains("Welcome back!"), "\(shown)")
        }
        #expect(Set([welcome, welcome]).count == 1)
    }

    @Test func aSuccessScreenWithoutARouterGoesBackByThePath() {
        let success = SuccessPresenter(authentication: welcome)
        success.backTapped()  // nothing to tell, nothing crashes
        #expect(success.label == "hello.")
    }
}
