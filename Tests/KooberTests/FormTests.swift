import AppsCore
import Foundation
import Koober
import TestSupport
import Testing

/// The sign-in and sign-up forms as an app drives them: public API only.
@Suite("Koober's forms, from an app's side", .timeLimit(.minutes(1)))
@MainActor
struct KooberFormTests {
    /// A backend whose sign-in hangs until cancelled, or answers from a result.
    struct Backend: UserAuthRemoteAPI {
        var signInResult: Result<UserSession, SignInError>? = .success(johnny)
        let calls = Locked(0)

        func signIn(email: String, password: String) async throws(SignInError) -> UserSession {
            calls.withLock { $0 += 1 }
            guard let signInResult else {
                try? await Task.sleep(for: .seconds(3600))
                throw .unknown(cause: .cancelled)
            }
            return try signInResult.get()
        }

        func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession {
            calls.withLock { $0 += 1 }
            return johnny
        }
    }

    func makeApp(_ backend: Backend) throws -> KooberAppModel {
        let store = try memorySessionStore()
        let app = KooberAppModel(
            signIn: KooberSignInUseCase(remoteAPI: backend, store: store),
            signUp: KooberSignUpUseCase(remoteAPI: backend, store: store), store: store)
        app.launch()
        return app
    }

    /// A form is drawn from its fields' cases, in order, each bound through the subscript.
    @Test func eachFieldIsReadAndWrittenByItsName() {
        let signIn = SignInForm { _, _ throws(KooberError) in }
        for field in SignInField.allCases { signIn[field] = field.rawValue + "@x" }
        #expect(signIn.email == "email@x" && signIn.password == "password@x")
        #expect(SignInField.allCases.map { signIn[$0] } == ["email@x", "password@x"])
        let signUp = SignUpForm { _ throws(KooberError) in }
        for field in SignUpField.allCases { signUp[field] = field.rawValue }
        #expect(
            signUp.account
                == NewAccount(
                    fullName: "fullName", nickname: "nickname", email: "email", phone: "phone", password: "password"))
        #expect(SignUpField.allCases.map { signUp[$0] } == SignUpField.allCases.map(\.rawValue))
        #expect(signUp.problems[.email] != nil, "written through the subscript is edited")
    }

    @Test func theSignInFormSignsTheAppIn() async throws {
        let app = try makeApp(Backend())
        #expect(app.signInForm == nil)
        app.goToSignIn()
        let form = try #require(app.signInForm)
        #expect(form.problems.isEmpty, "nothing is wrong before anything is typed or tapped")
        form.email = "johnny@gmail.com"
        form.password = "password"
        await form.submit()
        #expect(app.screen == .signedIn(johnny))
        #expect(app.signInForm == nil)
    }

    @Test func rejectedCredentialsAreAProblemOfThePasswordUntilAFieldChanges() async throws {
        let backend = Backend(signInResult: .failure(.unauthorized))
        let app = try makeApp(backend)
        app.goToSignIn()
        let form = try #require(app.signInForm)
        (form.email, form.password) = ("johnny@gmail.com", "wrong")
        await form.submit()
        #expect(form.problems == [.password: .credentialsRejected])
        #expect(form.problems[.password]?.localizedDescription == "The email or password is incorrect.")
        #expect(form.phase == .editing, "no field-less failure to show beside it")
        #expect(form.email == "johnny@gmail.com", "what was typed stays")
        #expect(app.screen == .onboarding(.signIn))

        await form.submit()
        #expect(backend.calls.withLock { $0 } == 1, "the same rejected credentials are not sent again")
        form.password = "wrong again"
        #expect(form.problems.isEmpty)
    }

    @Test func aSignInThatFailsForAnotherReasonIsAFailedPhase() async throws {
        let app = try makeApp(Backend(signInResult: .failure(.unknown(cause: .connectionLost))))
        app.goToSignIn()
        let form = try #require(app.signInForm)
        (form.email, form.password) = ("johnny@gmail.com", "password")
        await form.submit()
        #expect(form.phase == .failed(.signIn(.signIn(.unknown(cause: .connectionLost)))))
        #expect(form.problems.isEmpty)
        form.password = "password"
        #expect(form.phase != .editing, "the same text again keeps the failure")
        form.password = "password2"
        #expect(form.phase == .editing, "a new text answers it, as AuthMVP's login does")
    }

    @Test func submittingAnEmptySignInShowsEveryFieldsProblemAndSendsNothing() async throws {
        let backend = Backend()
        let app = try makeApp(backend)
        app.goToSignIn()
        let form = try #require(app.signInForm)
        #expect(form.canSubmit)
        await form.submit()
        #expect(form.problems == [.email: .emailWithoutAt, .password: .passwordBlank])
        #expect(form.problems[.password]?.localizedDescription == "Enter your password.")
        #expect(backend.calls.withLock { $0 } == 0)
    }

    @Test func aSignInFieldShowsItsProblemOnceEdited() async throws {
        let app = try makeApp(Backend())
        app.goToSignIn()
        let form = try #require(app.signInForm)
        form.email = "johnny"
        #expect(form.problems == [.email: .emailWithoutAt], "the password was not touched yet")
        form.email = "johnny@gmail.com"
        #expect(form.problems.isEmpty)
    }

    /// The words VoiceOver and the terminal's screen reader share: title, role, state, problem;
    /// never a password's characters.
    @Test func eachFieldDescribesItselfForAScreenReader() async throws {
        let app = try makeApp(Backend(signInResult: .failure(.unauthorized)))
        app.goToSignIn()
        let form = try #require(app.signInForm)
        #expect(form.accessibilityDescription(of: .email) == "Email, text field, empty")
        (form.email, form.password) = ("johnny@gmail.com", "wrong")
        await form.submit()
        #expect(
            form.accessibilityDescription(of: .password)
                == "Password, secure text field, 5 characters, invalid: The email or password is incorrect.")
        #expect(SignUpField.fullName.title == "Full name")
        app.backToWelcome()
        app.goToSignUp()
        let signUp = try #require(app.signUpForm)
        signUp.phone = "abc"
        #expect(
            signUp.accessibilityDescription(of: .phone)
                == "Phone, text field, abc, invalid: Enter a phone number: digits, spaces, dashes.")
    }

    /// A sign-in that the backend never answers, seen while it is being sent.
    func signInInFlight(_ backend: Backend) async throws -> (KooberAppModel, SignInForm, Task<Void, Never>) {
        let app = try makeApp(backend)
        app.goToSignIn()
        let form = try #require(app.signInForm)
        (form.email, form.password) = ("johnny@gmail.com", "password")
        let submit = Task { await form.submit() }
        await waitUntil { form.phase == .submitting }
        return (app, form, submit)
    }

    @Test func aSignInCanBeCancelledWhileItIsSent() async throws {
        let backend = Backend(signInResult: nil)
        let (app, form, submit) = try await signInInFlight(backend)
        #expect(!form.canSubmit, "a second tap sends nothing")
        await form.submit()
        form.cancel()
        await submit.value
        #expect(form.phase == .editing)
        #expect(app.error == nil, "a cancel is not an error")
        #expect(backend.calls.withLock { $0 } == 1)
    }

    /// Sign-up showed one field's message per submit; now every field's problem shows at once, typed.
    @Test func submittingShowsEverySignUpProblemAtOnce() async throws {
        let backend = Backend()
        let app = try makeApp(backend)
        app.goToSignUp()
        let form = try #require(app.signUpForm)
        #expect(form.problems.isEmpty, "nothing shows before anything is typed")
        form.email = "ann"
        #expect(form.problems == [.email: .emailWithoutAt], "an edited field's problem shows as it is typed")
        await form.submit()
        #expect(
            form.problems == [
                .fullName: .fullNameBlank, .nickname: .nicknameBlank, .email: .emailWithoutAt, .phone: .phoneInvalid,
                .password: .passwordTooShort(minimum: 8),
            ])
        #expect(backend.calls.withLock { $0 } == 0)
        (form.fullName, form.nickname, form.email, form.phone, form.password) = (
            "Ann Lee", "Ann", "ann@example.com", "555-0100", "longenough"
        )
        #expect(form.problems.isEmpty)
        await form.submit()
        #expect(app.screen == .signedIn(johnny))
    }

    @Test(arguments: [
        (SignUpProblem.fullNameBlank, "Enter your full name."),
        (.passwordTooShort(minimum: 8), "Use at least 8 characters for the password."),
    ])
    func eachSignUpProblemHasADefaultDescription(_ problem: SignUpProblem, _ text: String) {
        #expect(problem.localizedDescription == text)
    }

    @Test func goingBackCancelsTheFormsSubmission() async throws {
        let (app, _, submit) = try await signInInFlight(Backend(signInResult: nil))
        app.backToWelcome()
        await submit.value
        #expect(app.screen == .onboarding(.welcome))
        #expect(app.signInForm == nil)
    }
}
