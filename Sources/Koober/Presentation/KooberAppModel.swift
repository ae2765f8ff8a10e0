import Observation

/// The app's navigation state. Launch reads the stored session: signed in when there is one,
/// onboarding otherwise. Signing out, or a token the backend rejects, goes back to onboarding.
///
/// ```swift
/// let app = KooberAppModel(signIn: signIn, signUp: signUp, store: store)
/// app.launch()
/// switch app.screen { case .signedIn(let session): NewRideView(session) ... }
/// ```
@MainActor
@Observable
public final class KooberAppModel {
    /// The screen to show; ``KooberScreen/launching`` until ``launch()``.
    public private(set) var screen: KooberScreen = .launching
    /// Why the last launch, sign-in, sign-up or sign-out failed; `nil` after one that worked.
    public private(set) var error: KooberError?

    private let store: any UserSessionStore
    private let signInUseCase: any SignInUseCase
    private let signUpUseCase: any SignUpUseCase

    /// Creates a ``KooberAppModel``.
    ///
    /// - Parameters:
    ///   - signIn: signs a user in and stores the session (``KooberSignInUseCase``).
    ///   - signUp: creates an account, signs it in and stores the session (``KooberSignUpUseCase``).
    ///   - store: where the session is kept between launches.
    public init(signIn: any SignInUseCase, signUp: any SignUpUseCase, store: any UserSessionStore) {
        self.store = store
        self.signInUseCase = signIn
        self.signUpUseCase = signUp
    }

    /// Reads the stored session: ``screen`` becomes `.signedIn` when there is one, the welcome screen
    /// otherwise (and when the stored session cannot be read, with ``error`` saying why).
    public func launch() {
        do {
            screen = try store.load().map(KooberScreen.signedIn) ?? .onboarding(.welcome)
            error = nil
        } catch {
            self.error = KooberError(storage: error)
            screen = .onboarding(.welcome)
        }
    }

    /// Shows the sign-in form.
    public func goToSignIn() { show(.signIn) }
    /// Shows the sign-up form.
    public func goToSignUp() { show(.signUp) }
    /// Goes back to the welcome screen from either form.
    public func backToWelcome() { show(.welcome) }

    /// Signs in; on success ``screen`` becomes `.signedIn`, otherwise ``error`` says why.
    /// - Returns: whether the user is now signed in.
    @discardableResult
    public func signIn(email: String, password: String) async -> Bool {
        do throws(SignInUseCaseError) {
            screen = .signedIn(try await signInUseCase.signIn(email: email, password: password))
            error = nil
            return true
        } catch {
            self.error = .signIn(error)
            return false
        }
    }

    /// Signs up; on success ``screen`` becomes `.signedIn`, otherwise ``error`` says why.
    /// - Returns: whether the user is now signed in.
    @discardableResult
    public func signUp(_ account: NewAccount) async -> Bool {
        do throws(SignUpUseCaseError) {
            screen = .signedIn(try await signUpUseCase.signUp(account))
            error = nil
            return true
        } catch {
            self.error = .signUp(error)
            return false
        }
    }

    /// Forgets the session and returns to the welcome screen.
    public func signOut() {
        do {
            try store.delete()
            error = nil
        } catch {
            self.error = KooberError(storage: error)
        }
        screen = .onboarding(.welcome)
    }

    private func show(_ onboarding: OnboardingScreen) {
        guard case .onboarding = screen else { return }
        error = nil
        screen = .onboarding(onboarding)
    }
}
