/// The onboarding screens before a user is signed in.
public enum OnboardingScreen: Equatable, Sendable {
    /// The welcome screen, offering to sign in or sign up.
    case welcome
    /// The sign-in form.
    case signIn
    /// The sign-up form.
    case signUp
}
