import FixtureTestSupport
import Foundation
import Koober
import TestSupport
import Testing

@Suite("Koober as an app uses it")
struct KooberConsumerTests {
    @MainActor
    @Test func thePreviewServiceFillsTheNewRideScreen() async {
        let service = PreviewKooberService()
        let newRide = NewRideViewModel(
            locations: service, rides: service, pickup: PreviewKooberService.places[0],
            session: PreviewKooberService.session, onSessionExpired: {})
        await newRide.loadRideOptions()
        #expect(newRide.rideOptions.count == 3)
        newRide.pickDropoff()
        await newRide.dropoffPicker?.search("bondi")
        #expect(newRide.dropoffPicker?.results.map(\.name) == ["Bondi Beach"])
        newRide.selectDropoff(PreviewKooberService.places[3])
        await newRide.requestRide()
        guard case .waitingForPickup(let ride) = newRide.state else {
            Issue.record("\(newRide.state)")
            return
        }
        #expect(ride.etaMinutes == 5)
    }

    @Test func theOneLineEntryPointsSignInAndFindLocations() async throws {
        try await withFixtureServer { server in
            let session = try await RemoteUserAuthService(baseURL: server.baseURL)
                .signIn(email: "johnny@gmail.com", password: "password")
            #expect(session.profile.displayName == "Johnny")
            let locations = try await RemoteRideService(baseURL: server.baseURL).searchLocations("")
            #expect(!locations.isEmpty)
        }
    }

    @Test func previewValuesComeFromPublicInitialisersAndRoundTrip() throws {
        let pickup = Location(id: "opera", name: "Opera House", latitude: -33.857, longitude: 151.215)
        let dropoff = Location(id: "moma", name: "MoMA", latitude: 40.761, longitude: -73.977)
        let option = RideOption(id: "wallaroo", name: "Wallaroo", seats: 4, baseFarePence: 500)
        let ride = Ride(
            id: "ride-1", status: "requested", etaMinutes: 4,
            request: RideRequest(pickup: pickup, dropoff: dropoff, option: option))
        #expect(try JSONDecoder().decode(Ride.self, from: JSONEncoder().encode(ride)) == ride)
        let session = UserSession(
            profile: UserProfile(displayName: "Ann", fullName: "Ann Lee", email: "ann@example.com", phone: "1"),
            remoteSession: RemoteUserSession(token: "t"))
        #expect(session.profile.displayName == "Ann")
        // `RGBColor`, not `Color`: a file importing SwiftUI and Koober sees no clash.
        let brand = try #require(RGBColor(hex: "#00CEBC"))
        #expect(brand == KooberTheme.brand)
        #expect(try JSONDecoder().decode(RGBColor.self, from: JSONEncoder().encode(brand)) == brand)
    }

    /// The catalog's Koober screens over HTTP: a rejected sign-in shown on the password field, then
    /// the picker presented as a sheet item, searched as the user types, dismissed by a swipe, and
    /// used again to book a ride.
    @MainActor
    @Test func signInThenPickADropoffAsTheUserTypesThenRide() async throws {
        try await withFixtureServer { server in
            let store = InMemoryValueStore<UserSession>()
            let auth = RemoteUserAuthService(baseURL: server.baseURL)
            let app = KooberAppModel(
                signIn: KooberSignInUseCase(remoteAPI: auth, store: store),
                signUp: KooberSignUpUseCase(remoteAPI: auth, store: store), store: store)
            app.launch()
            app.goToSignIn()
            let form = try #require(app.signInForm)
            (form.email, form.password) = ("johnny@gmail.com", "wrong")
            await form.submit()
            #expect(form.problems[.password] == .credentialsRejected)
            form.password = "password"
            await form.submit()
            guard case .signedIn(let session) = app.screen else {
                Issue.record("not signed in: \(app.screen)")
                return
            }

            let rides = RemoteRideService(baseURL: server.baseURL)
            let pickup = try #require(try await rides.searchLocations("").first)
            let clock = RecordingClock()
            let ride = NewRideViewModel(
                locations: rides, rides: rides, pickup: pickup, session: session, onSessionExpired: app.signOut,
                clock: clock)
            await ride.loadRideOptions()
            ride.pickDropoff()
            ride.dropoffPicker = nil
            #expect(ride.dropoff == nil)

            ride.pickDropoff()
            let picker = try #require(ride.dropoffPicker)
            picker.query = "bondi"
            await picker.searchAfterPause()
            #expect(clock.sleeps == [.milliseconds(250)])
            let bondi = try #require(picker.results.first)
            ride.selectDropoff(bondi)
            await ride.requestRide()
            guard case .waitingForPickup(let booked) = ride.state else {
                Issue.record("\(ride.state)")
                return
            }
            #expect(booked.request.dropoff == bondi)
        }
    }
}
