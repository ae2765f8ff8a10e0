/// Koober's backend in memory, with no network: places and ride options as the fixture backend has
/// them, a sign-in that accepts the sample user, rides that are always on their way. For SwiftUI
/// previews, and for an app's tests that need a working service.
///
/// ```swift
/// #Preview {
///     NewRideView(model: NewRideViewModel(
///         locations: PreviewKooberService(), rides: PreviewKooberService(),
///         pickup: PreviewKooberService.places[0], session: PreviewKooberService.session,
///         onSessionExpired: {}))
/// }
/// ```
public struct PreviewKooberService: UserAuthRemoteAPI, LocationsService, RideService {
    /// When set, every call fails with it, to preview an error screen.
    public var failure: NetworkError?

    /// Creates a ``PreviewKooberService``.
    ///
    /// - Parameter failure: when set, every call fails with it.
    public init(failure: NetworkError? = nil) {
        self.failure = failure
    }

    /// Rides that never answer, until the request is cancelled: to preview a request in flight
    /// (the activity and the Cancel button). Everything else answers as usual.
    ///
    /// ```swift
    /// let requesting = NewRideViewModel(
    ///     locations: PreviewKooberService.stillRequesting, rides: PreviewKooberService.stillRequesting,
    ///     pickup: PreviewKooberService.places[0], session: PreviewKooberService.session, onSessionExpired: {})
    /// ```
    public static let stillRequesting = PreviewKooberService(answersRides: false, answersOthers: true)

    /// Nothing ever answers, until its task is cancelled: to preview signing in, the ride options
    /// and the picker's search while they load.
    ///
    /// ```swift
    /// let signingIn = KooberAppModel(
    ///     signIn: KooberSignInUseCase(remoteAPI: PreviewKooberService.stillLoading, store: store), …)
    /// ```
    public static let stillLoading = PreviewKooberService(answersRides: false, answersOthers: false)

    private var answersRides = true
    private var answersOthers = true

    private init(answersRides: Bool, answersOthers: Bool) {
        self.answersRides = answersRides
        self.answersOthers = answersOthers
    }

    /// Waits for ever, as ``stillLoading`` does, unless calls answer.
    private func waitUnlessAnswering() async throws {
        if !answersOthers { try await neverAnswer() }
    }

    /// The sample user, signed in.
    public static let session = UserSession(
        profile: UserProfile(
            displayName: "Johnny", fullName: "Johnny Appleseed", email: "johnny@gmail.com", phone: "510-736-8754"),
        remoteSession: RemoteUserSession(token: "preview-token"))

    /// The places: the Opera House, the Apple Store, the Harbour Bridge, Bondi Beach.
    public static let places = [
        Location(id: "opera-house", name: "Opera House", latitude: -33.8568, longitude: 151.2153),
        Location(id: "apple-store", name: "Apple Store", latitude: -33.8688, longitude: 151.2070),
        Location(id: "harbour-bridge", name: "Harbour Bridge", latitude: -33.8523, longitude: 151.2108),
        Location(id: "bondi-beach", name: "Bondi Beach", latitude: -33.8908, longitude: 151.2743),
    ]

    /// The ride options: Wallabee, Wallaroo, Kangaroo.
    public static let rideOptions = [
        RideOption(id: "wallabee", name: "Wallabee", seats: 4, baseFarePence: 500),
        RideOption(id: "wallaroo", name: "Wallaroo", seats: 6, baseFarePence: 800),
        RideOption(id: "kangaroo", name: "Kangaroo", seats: 2, baseFarePence: 1500),
    ]

    /// Signs in the sample user with any password; any other email is unauthorized.
    public func signIn(email: String, password: String) async throws(SignInError) -> UserSession {
        do { try await waitUnlessAnswering() } catch { throw .unknown(cause: .cancelled) }
        if let failure { throw .unknown(cause: failure) }
        guard email.lowercased() == Self.session.profile.email else { throw .unauthorized }
        return Self.session
    }

    /// Makes any account, signed in.
    public func signUp(_ account: NewAccount) async throws(SignUpError) -> UserSession {
        do { try await waitUnlessAnswering() } catch { throw .unknown(cause: .cancelled) }
        if let failure { throw .unknown(cause: failure) }
        return UserSession(
            profile: UserProfile(
                displayName: account.nickname, fullName: account.fullName, email: account.email, phone: account.phone),
            remoteSession: RemoteUserSession(token: "preview-token"))
    }

    /// The places whose name contains `query`, in any case.
    public func searchLocations(_ query: String) async throws -> [Location] {
        try await waitUnlessAnswering()
        if let failure { throw failure }
        return query.isEmpty ? Self.places : Self.places.filter { $0.name.lowercased().contains(query.lowercased()) }
    }

    /// ``rideOptions``.
    public func rideOptions() async throws -> [RideOption] {
        try await waitUnlessAnswering()
        if let failure { throw failure }
        return Self.rideOptions
    }

    /// A ride five minutes away; with ``stillRequesting``, no answer until the request is cancelled.
    public func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
        if let failure { throw .unavailable(failure) }
        while !answersRides {
            do { try await Task.sleep(for: .seconds(3600)) } catch { throw .unavailable(.cancelled) }
        }
        return Ride(id: "ride-preview", status: "requested", etaMinutes: 5, request: request)
    }
}
