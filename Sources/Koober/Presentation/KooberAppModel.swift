import Observation

/// The app's navigation state. Launch reads the stored session: signed in when there is one,
/// onboarding otherwise. Signing out, or a token the backend rejects, goes back to onboarding.
///
/// ```swift
/// let app = KooberAppModel(
///     signIn: signIn, signUp: signUp, store: store,
///     newRide: NewRideSetup(pickup: here, locations: service, rides: service))
/// app.launch()
/// switch app.screen { case .signedIn: if let ride = app.newRide { NewRideView(ride: ride) } ... }
/// ```
@MainActor
@Observable
public final class KooberAppModel {
    /// The screen to show; ``KooberScreen/launching`` until ``launch()``.
    public private(set) var screen: KooberScreen = .launching
    /// Why the last launch, sign-in, sign-up or sign-out failed; `nil` after one that worked.
    public private(set) var error: KooberError?
    /// The sign-in form while ``screen`` shows it: a new one each time it is shown. Setting it to
    /// `nil` (a navigation stack popped it) goes back to the welcome screen, as
    /// ``backToWelcome()`` does, so Welcome can push the form by value:
    ///
    /// ```swift
    /// NavigationStack {
    ///     WelcomeView(signIn: app.goToSignIn, signUp: app.goToSignUp)
    ///         .navigationDestination(item: $app.signInForm) { SignInView(form: $0) }
    ///         .navigationDestination(item: $app.signUpForm) { SignUpView(form: $0) }
    /// }
    /// ```
    public var signInForm: SignInForm? {
        get { shownSignInForm }
        set { if newValue == nil, shownSignInForm != nil { backToWelcome() } }
    }
    /// The sign-up form while ``screen`` shows it: a new one each time it is shown. Setting it to
    /// `nil` goes back to the welcome screen, as for ``signInForm``.
    public var signUpForm: SignUpForm? {
        get { shownSignUpForm }
        set { if newValue == nil, shownSignUpForm != nil { backToWelcome() } }
    }
    private var shownSignInForm: SignInForm?
    private var shownSignUpForm: SignUpForm?
    /// The signed-in user's new ride: set up as the user signs in when the model was given a
    /// ``NewRideSetup`` (or by ``startNewRide(at:locations:rides:clock:)``); `nil` while no one is
    /// signed in.
    public private(set) var newRide: NewRideViewModel?

    private let rideSetup: NewRideSetup?
    private let store: any UserSessionStore
    private let signInUseCase: any SignInUseCase
    private let signUpUseCase: any SignUpUseCase

    /// Creates a ``KooberAppModel``.
    ///
    /// - Parameters:
    ///   - signIn: signs a user in and stores the session (``KooberSignInUseCase``).
    ///   - signUp: creates an account, signs it in and stores the session (``KooberSignUpUseCase``).
    ///   - store: where the session is kept between launches.
    ///   - newRide: where a signed-in user's ride starts and what serves it; with one, every
    ///     launch, sign-in and sign-up that signs a user in sets up ``newRide`` too. Without one,
    ///     the app calls ``startNewRide(at:locations:rides:clock:)`` itself.
    public init(
        signIn: any SignInUseCase, signUp: any SignUpUseCase, store: any UserSessionStore,
        newRide: NewRideSetup? = nil
    ) {
        self.rideSetup = newRide
        self.store = store
        self.signInUseCase = signIn
        self.signUpUseCase = signUp
    }

    /// Reads the stored session: ``screen`` becomes `.signedIn` when there is one, the welcome screen
    /// otherwise (and when the stored session cannot be read, with ``error`` saying why). Called
    /// again (a view that appears again, a scene that reconnects), it changes nothing the stored
    /// session still agrees with: the signed-in user keeps their ride, onboarding its form.
    public func launch() {
        do {
            let stored = try store.load()
            switch (stored, screen) {
            case (let session?, .signedIn(let shown)) where session == shown: return
            case (nil, .onboarding): return
            case (let session?, _): signedIn(session)
            case (nil, _):
                showWelcome()
                error = nil
            }
        } catch {
            showWelcome()
            self.error = KooberError(storage: error)
        }
    }

    /// Shows the sign-in form, with a new ``signInForm``; nothing when it shows already (a double
    /// tap keeps the form, and what it is sending).
    public func goToSignIn() {
        guard screen != .onboarding(.signIn), show(.signIn) else { return }
        shownSignInForm = SignInForm { [weak self] email, password throws(KooberError) in
            try await self?.signingIn(email: email, password: password)
        }
    }

    /// Shows the sign-up form, with a new ``signUpForm``; nothing when it shows already.
    public func goToSignUp() {
        guard screen != .onboarding(.signUp), show(.signUp) else { return }
        shownSignUpForm = SignUpForm { [weak self] account throws(KooberError) in
            try await self?.signingUp(account)
        }
    }

    /// Goes back to the welcome screen from either form, cancelling what it was sending.
    public func backToWelcome() {
        show(.welcome)
    }

    /// Tells the model the user went back to the screen `depth` steps above welcome: `0` is
    /// ``backToWelcome()`` from a form; a depth at or past the form changes nothing. A UIKit app
    /// calls it from its navigation controller's delegate, so the system back button is heard:
    ///
    /// ```swift
    /// func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
    ///     app.didGoBack(toDepth: navigationController.viewControllers.count - 1)
    /// }
    /// ```
    public func didGoBack(toDepth depth: Int) {
        guard depth <= 0, case .onboarding(let onboarding) = screen, onboarding != .welcome else { return }
        backToWelcome()
    }

    /// Signs in; on success ``screen`` becomes `.signedIn`, otherwise ``error`` says why (a
    /// cancelled sign-in is no error).
    /// - Returns: whether the user is now signed in.
    @discardableResult
    public func signIn(email: String, password: String) async -> Bool {
        do throws(KooberError) {
            try await signingIn(email: email, password: password)
            return true
        } catch {
            return false
        }
    }

    /// Signs up; on success ``screen`` becomes `.signedIn`, otherwise ``error`` says why (a
    /// cancelled sign-up is no error).
    /// - Returns: whether the user is now signed in.
    @discardableResult
    public func signUp(_ account: NewAccount) async -> Bool {
        do throws(KooberError) {
            try await signingUp(account)
            return true
        } catch {
            return false
        }
    }

    private func signingIn(email: String, password: String) async throws(KooberError) {
        do throws(SignInUseCaseError) {
            signedIn(try await signInUseCase.signIn(email: email, password: password))
        } catch {
            throw failed(.signIn(error))
        }
    }

    private func signingUp(_ account: NewAccount) async throws(KooberError) {
        do throws(SignUpUseCaseError) {
            signedIn(try await signUpUseCase.signUp(account))
        } catch {
            throw failed(.signUp(error))
        }
    }

    private func signedIn(_ session: UserSession) {
        screen = .signedIn(session)
        error = nil
        (shownSignInForm, shownSignUpForm) = (nil, nil)
        if let rideSetup {
            startNewRide(
                at: rideSetup.pickup, locations: rideSetup.locations, rides: rideSetup.rides, clock: rideSetup.clock)
        }
    }

    /// Keeps `error` as ``error`` unless the task was cancelled, and returns it.
    private func failed(_ error: KooberError) -> KooberError {
        self.error = Task.isCancelled ? nil : error
        return error
    }

    /// Sets up a new ride for the signed-in user, from `pickup`, and shows it as ``newRide``
    /// (replacing the one before, whose request in flight is cancelled): a token the backend
    /// rejects while the ride is requested signs the user out. `nil` when no one is signed in.
    /// A model given a ``NewRideSetup`` has done this already; call it to start from elsewhere.
    ///
    /// ```swift
    /// if let ride = app.startNewRide(at: here, locations: service, rides: service) {
    ///     await ride.loadRideOptions()
    /// }
    /// ```
    /// - Parameters:
    ///   - pickup: where the ride starts.
    ///   - locations: where places and ride options come from.
    ///   - rides: where the ride is requested; ``RemoteRideService`` is both.
    ///   - clock: what the drop-off picker's pause in typing sleeps on; tests inject one.
    @discardableResult
    public func startNewRide(
        at pickup: Location, locations: any LocationsService, rides: any RideService,
        clock: any Clock<Duration> = ContinuousClock()
    ) -> NewRideViewModel? {
        guard case .signedIn(let session) = screen else { return nil }
        newRide?.cancelRequest()
        let ride = NewRideViewModel(
            locations: locations, rides: rides, pickup: pickup, session: session,
            onSessionExpired: { [weak self] in self?.signOut() }, clock: clock)
        newRide = ride
        return ride
    }

    /// Forgets the session and returns to the welcome screen; a ride request in flight is cancelled.
    public func signOut() {
        showWelcome()
        do {
            try store.delete()
            error = nil
        } catch {
            self.error = KooberError(storage: error)
        }
    }

    /// The welcome screen, and nothing of another: no ride (its request cancelled), no form.
    private func showWelcome() {
        newRide?.cancelRequest()
        newRide = nil
        shownSignInForm?.cancel()
        shownSignUpForm?.cancel()
        (shownSignInForm, shownSignUpForm) = (nil, nil)
        screen = .onboarding(.welcome)
    }

    @discardableResult
    private func show(_ onboarding: OnboardingScreen) -> Bool {
        guard case .onboarding = screen else { return false }
        shownSignInForm?.cancel()
        shownSignUpForm?.cancel()
        (shownSignInForm, shownSignUpForm) = (nil, nil)
        error = nil
        screen = .onboarding(onboarding)
        return true
    }
}

/// Where a signed-in user's ride starts and what serves it, for ``KooberAppModel`` to set up
/// ``KooberAppModel/newRide`` whenever a user signs in.
///
/// ```swift
/// let service = RemoteRideService(baseURL: backend)
/// let app = KooberAppModel(
///     signIn: signIn, signUp: signUp, store: store,
///     newRide: NewRideSetup(pickup: here, locations: service, rides: service))
/// ```
public struct NewRideSetup: Sendable {
    /// Where the ride starts.
    public var pickup: Location
    /// Where places and ride options come from.
    public var locations: any LocationsService
    /// Where the ride is requested; ``RemoteRideService`` is both.
    public var rides: any RideService
    /// What the drop-off picker's pause in typing sleeps on; tests inject one.
    public var clock: any Clock<Duration>

    /// Creates a ``NewRideSetup``.
    /// - Parameters:
    ///   - pickup: where the ride starts.
    ///   - locations: where places and ride options come from.
    ///   - rides: where the ride is requested.
    ///   - clock: what the drop-off picker's pause sleeps on.
    public init(
        pickup: Location, locations: any LocationsService, rides: any RideService,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.pickup = pickup
        self.locations = locations
        self.rides = rides
        self.clock = clock
    }
}
