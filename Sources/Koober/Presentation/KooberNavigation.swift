import Observation

/// Where the app is: launching, onboarding (welcome, sign in, sign up) or signed in.
public enum KooberScreen: Equatable, Sendable {
    case launching
    case onboarding(OnboardingScreen)
    case signedIn(UserSession)
}

public enum OnboardingScreen: Equatable, Sendable {
    case welcome
    case signIn
    case signUp
}

/// The app's navigation state. Launch reads the stored session: signed in when there is one,
/// onboarding otherwise. Signing out, or a token the backend rejects, goes back to onboarding.
@MainActor
@Observable
public final class KooberAppModel {
    public private(set) var screen: KooberScreen = .launching
    /// Set when the last sign-in, sign-up or sign-out failed.
    public private(set) var errorMessage: String?

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
            screen = try store.readUserSession().map(KooberScreen.signedIn) ?? .onboarding(.welcome)
        } catch {
            errorMessage = error.localizedDescription
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
            errorMessage = nil
            return true
        } catch {
            errorMessage = error.message
            return false
        }
    }

    @discardableResult
    public func signUp(_ account: NewAccount) async -> Bool {
        do throws(SignUpUseCaseError) {
            screen = .signedIn(try await signUpUseCase.signUp(account))
            errorMessage = nil
            return true
        } catch {
            errorMessage = error.message
            return false
        }
    }

    /// Forgets the session and returns to the welcome screen.
    public func signOut() {
        do {
            try store.delete()
            errorMessage = nil
        } catch {
            errorMessage = error.localizedDescription
        }
        screen = .onboarding(.welcome)
    }

    private func show(_ onboarding: OnboardingScreen) {
        guard case .onboarding = screen else { return }
        errorMessage = nil
        screen = .onboarding(onboarding)
    }
}
