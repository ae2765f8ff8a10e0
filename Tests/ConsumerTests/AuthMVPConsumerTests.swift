import AuthMVP
import FixtureTestSupport
import Foundation
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
}
