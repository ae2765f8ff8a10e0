/// The onboarding screens before a user is signed in.
public enum OnboardingScreen: Equatable, Sendable {
    case welcome
    case signIn
    case signUp
}
