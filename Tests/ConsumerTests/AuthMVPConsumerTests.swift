import AuthMVP
import FixtureTestSupport
import Foundation
import TestSupport
import Testing

@Suite("AuthMVP as an app uses it")
struct AuthMVPConsumerTests {
    @MainActor
    final class Screen: LoginView, LoginRouter {
        var state = LoginViewState.initial
        var success: SuccessPresenter?
        func render(_ state: LoginViewState) { self.state = state }
        func showSuccess(_ authentication: Authentication) {
            success = SuccessPresenter(authentication: authentication, router: self)
        }
        func showLogin() { success = nil }
    }

    @MainActor
    @Test func thePreviewServiceLogsInAndTheSuccessScreenHasTheToken() async {
        let screen = Screen()
        let presenter = LoginPresenter(view: screen, router: screen, service: PreviewAuthenticationService())
        presenter.emailChanged("ann@example.com")
        presenter.passwordChanged("secret")
        presenter.buttonTapped()
        await presenter.waitForRequest()
        #expect(screen.success?.authentication == PreviewAuthenticationService.sample)
        let refused = LoginPresenter(
            view: screen, router: screen,
            service: PreviewAuthenticationService(outcome: .failure(.unauthorized(message: "Wrong password."))))
        refused.emailChanged("ann@example.com")
        refused.passwordChanged("secret")
        refused.buttonTapped()
        await refused.waitForRequest()
        #expect(screen.state.error == "Wrong password.")
    }

    @Test func theOneLineEntryPointReachesTheBackend() async throws {
        try await withFixtureServer(backend: .init(authOutcome: .success)) { server in
            let authentication = try await RemoteAuthenticationService(baseURL: server.baseURL)
                .authenticate(email: "user@example.com", password: "password1")
            #expect(!authentication.token.isEmpty)
        }
    }

    @Test func previewValuesComeFromPublicInitialisers() throws {
        let loading = LoginViewState(
            email: .init(text: "a@b.co", border: .valid), password: .init(text: "secret", border: .valid),
            button: .init(title: "Cancel", isEnabled: true), isActivityVisible: true, error: "")
        #expect(loading != LoginViewState.initial)
        let authentication = Authentication(token: "t", message: "hello.")
        #expect(
            try JSONDecoder().decode(Authentication.self, from: JSONEncoder().encode(authentication)) == authentication)
    }

    /// The login screen as its SwiftUI view drives it (Docs: AuthMVP's "Bind the presenter in
    /// SwiftUI"): fields bound, the button tapped, the success screen a path value, back a pop.
    @MainActor
    @Test func theLoginScreenAsItsSwiftUIViewDrivesIt() async throws {
        try await withFixtureServer(backend: .init(authOutcome: .success)) { server in
            // A wrong password is refused, as a team stubs it for a UI test.
            _ = try await TestBackend(baseURL: server.baseURL).stub(
                Stub(
                    request: .init(
                        method: .post, path: "/auth/authenticate", body: [.contains(#""password":"wrong""#)]),
                    response: try .init(status: 401, json: ["message": "Wrong password."])))
            let presenter = LoginPresenter(service: RemoteAuthenticationService(baseURL: server.baseURL))
            presenter.email = "ann@example.com"
            presenter.password = "wrong"
            presenter.buttonTapped()
            await waitUntil("the wrong password is refused") { presenter.state.failure != nil }
            #expect(presenter.state.failure == .unauthorized(message: "Wrong password."))
            #expect(presenter.state.button.title == "Try again")
            #expect(presenter.path.isEmpty)

            presenter.password = "right"
            presenter.buttonTapped()
            await waitUntil("the success screen is pushed") { !presenter.path.isEmpty }
            #expect(presenter.path.first?.message == "Welcome back!")
            #expect(presenter.path.first?.token.isEmpty == false)

            presenter.path.removeLast()  // the back button
            #expect(presenter.state == .initial)
        }
    }

    @MainActor
    @Test func leavingTheLoginScreenCancelsItsRequest() async {
        let hold = HTTPClientSpy.Hold(.json(#"{"token": "t", "message": "hi"}"#))
        let spy = HTTPClientSpy(replies: [.held(hold)])
        var presenter: LoginPresenter? = LoginPresenter(
            service: RemoteAuthenticationService(baseURL: URL(string: "https://auth.test")!, httpClient: spy))
        presenter?.email = "ann@example.com"
        presenter?.password = "secret"
        presenter?.buttonTapped()
        await hold.arrival()
        #expect(presenter?.state.isActivityVisible == true)
        presenter = nil  // the view and its @State went away
        await hold.cancellation()
        #expect(hold.cancelledCount == 1)
        #expect(spy.requests.count == 1)
    }
}
