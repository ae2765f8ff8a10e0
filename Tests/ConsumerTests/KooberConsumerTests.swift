import FixtureTestSupport
import Foundation
import Koober
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
}
