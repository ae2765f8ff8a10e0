import AuthMVP
import FixtureTestSupport
import Foundation
import Testing

@Suite("AuthMVP as an app uses it")
struct AuthMVPConsumerTests {
    @Test func theOneLineEntryPointReachesTheBackend() async throws {
        try await withFixtureServer(backend: .init(authOutcome: .success)) { server in
            let authentication = try await RemoteAuthenticationService(baseURL: server.baseURL)
                .authenticate(email: "user@example.com", password: "password1")
            #expect(!authentication.token.isEmpty)
        }
    }

    @Test func previewValuesComeFromPublicInitialisers() throws {
        let loading = LoginViewState(
            email: .init(text: "a@b.co", border: .blue), password: .init(text: "secret", border: .blue),
            button: .init(title: "Cancel", isEnabled: true), isActivityVisible: true, error: "")
        #expect(loading != LoginViewState.initial)
        let authentication = Authentication(token: "t", message: "hello.")
        #expect(
            try JSONDecoder().decode(Authentication.self, from: JSONEncoder().encode(authentication)) == authentication)
    }
}
