/// Where the app is: launching, onboarding (welcome, sign in, sign up) or signed in.
public enum KooberScreen: Equatable, Sendable {
    case launching
    case onboarding(OnboardingScreen)
    case signedIn(UserSession)
}
