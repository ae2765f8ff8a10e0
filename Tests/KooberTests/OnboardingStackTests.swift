import AppsCore
import Foundation
import Koober
import TestSupport
import Testing

/// Onboarding as a navigation stack: Welcome pushes a form by value, and the back button (a
/// SwiftUI stack setting the item to `nil`, a UIKit delegate saying how deep it is) pops it.
@Suite("Koober's onboarding as a stack", .timeLimit(.minutes(1)))
@MainActor
struct OnboardingStackTests {
    struct Backend: UserAuthRemoteAPI {
        var signUpFailure: SignUpError?
        var signInHangs = false

        func signIn(email: String, password: String) async throws(SignInError) -> UserSession {
            if signInHangs { try? await Task.sleep(for: .seconds(3600)) }
            throw .unknown(cause: .cancelled)
        }

        func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession {
            if let signUpFailure { throw signUpFailure }
            return johnny
        }
    }

    func makeApp(_ backend: Backend = Backend()) throws -> KooberAppModel {
        let store = try memorySessionStore()
        let app = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: backend, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: backend, store: store), store: store)
        app.launch()
        return app
    }

    @Test func aFormIsANavigationValueThatIsItself() throws {
        let app = try makeApp()
        app.goToSignIn()
        let first = try #require(app.signInForm)
        #expect(first == app.signInForm)
        #expect(Set([first, first]).count == 1)
        app.backToWelcome()
        app.goToSignIn()
        let second = try #require(app.signInForm)
        #expect(first != second)
        #expect(first.id != second.id)
    }

    @Test func poppingTheFormBySettingItToNilGoesBackToWelcome() throws {
        let app = try makeApp()
        app.goToSignUp()
        app.signUpForm = nil
        #expect(app.screen == .onboarding(.welcome))
        #expect(app.signUpForm == nil)
        app.goToSignIn()
        app.signUpForm = nil
        #expect(app.screen == .onboarding(.signIn), "popping a form not shown changes nothing")
        #expect(app.signInForm != nil)
    }

    @Test func theSystemBackButtonEndsTheFormAndCancelsItsSubmission() async throws {
        let app = try makeApp(Backend(signInHangs: true))
        app.goToSignIn()
        let form = try #require(app.signInForm)
        (form.email, form.password) = ("ann@example.com", "secret")
        let submit = Task { await form.submit() }
        await waitUntil { form.phase == .submitting }
        app.didGoBack(toDepth: 1)
        #expect(app.screen == .onboarding(.signIn), "still on the form")
        app.didGoBack(toDepth: 0)
        await submit.value
        #expect(app.screen == .onboarding(.welcome))
        #expect(form.phase == .editing)
        #expect(app.error == nil)
    }

    @Test func anEmailTakenIsAProblemOfTheEmailFieldUntilItChanges() async throws {
        let app = try makeApp(Backend(signUpFailure: .conflict))
        app.goToSignUp()
        let form = try #require(app.signUpForm)
        (form.fullName, form.nickname, form.email, form.phone, form.password) = (
            "Ann Lee", "Ann", "ann@example.com", "555-0100", "longenough"
        )
        await form.submit()
        #expect(form.phase == .editing)
        #expect(form.problems == [.email: .emailTaken])
        #expect(form.firstFieldWithProblem == .email)
        form.email = "ann@example.org"
        #expect(form.problems.isEmpty)
    }

    @Test func theFirstFieldWithAProblemFollowsTheFormsOrder() async {
        let signUp = SignUpForm { _ throws(KooberError) in }
        #expect(signUp.firstFieldWithProblem == nil)
        await signUp.submit()
        #expect(signUp.firstFieldWithProblem == .fullName)
        (signUp.fullName, signUp.nickname) = ("Ann Lee", "Ann")
        #expect(signUp.firstFieldWithProblem == .email)
        let signIn = SignInForm { _, _ throws(KooberError) in }
        signIn.password = ""
        #expect(signIn.firstFieldWithProblem == .password)
        await signIn.submit()
        #expect(signIn.firstFieldWithProblem == .email)
    }
}
