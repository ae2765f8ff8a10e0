/// Where the app is: launching, onboarding (welcome, sign in, sign up) or signed in.
public enum KooberScreen: Equatable, Sendable {
    /// Before ``KooberAppModel/launch()`` has read the stored session.
    case launching
    /// Not signed in: one of the onboarding screens.
    case onboarding(OnboardingScreen)
    /// Signed in, with the user's session.
    case signedIn(UserSession)
}
