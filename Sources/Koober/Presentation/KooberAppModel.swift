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
    public private(set) var screen: KooberScreen = .launching
    /// Why the last launch, sign-in, sign-up or sign-out failed; `nil` after one that worked.
    public private(set) var error: KooberError?

    private let store: any UserSessionStore
    private let signInUseCase: any SignInUseCase
    private let signUpUseCase: any SignUpUseCase

    public init(signIn: any SignInUseCase, signUp: any SignUpUseCase, store: any UserSessionStore) {
        self.store = store
        self.signInUseCase = signIn
        self.signUpUseCase = signUp
    }

    public func launch() {
        do {
            screen = try store.load().map(KooberScreen.signedIn) ?? .onboarding(.welcome)
            error = nil
        } catch {
            self.error = KooberError(storage: error)
            screen = .onboarding(.welcome)
        }
    }

    public func goToSignIn() { show(.signIn) }
    public func goToSignUp() { show(.signUp) }
    public func backToWelcome() { show(.welcome) }

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
