import FixtureTestSupport
import Foundation
import Koober
import Networking
import TestSupport
import Testing

@Suite("Koober remote API against a live FixtureServer")
struct LiveKooberAPITests {
    func withAPI(_ body: (EndpointClient) async throws -> Void) async throws {
        try await withFixtureServer { server in
            try await body(EndpointClient(baseURL: server.baseURL, httpClient: URLSessionHTTPClient()))
        }
    }

    @Test func signsInTheFixtureAccount() async throws {
        try await withAPI { api in
            let session = try await RemoteUserAuthService(api: api).signIn(
                email: "johnny@gmail.com", password: "password")
            #expect(session.profile.fullName == "Johnny Appleseed")
            #expect(!session.remoteSession.token.isEmpty)
        }
    }

    @Test func aWrongPasswordIsUnauthorized() async throws {
        try await withAPI { api in
            await #expect(throws: SignInError.unauthorized) {
                try await RemoteUserAuthService(api: api).signIn(email: "johnny@gmail.com", password: "nope")
            }
        }
    }

    @Test func signsUpAndThenConflicts() async throws {
        try await withAPI { api in
            let remote = RemoteUserAuthService(api: api)
            let account = NewAccount(
                fullName: "Ann Lee", nickname: "Ann", email: "ann@example.com", phone: "555 0100",
                password: "longenough")
            let session = try await remote.signUp(account)
            #expect(session.profile.displayName == "Ann")
            await #expect(throws: SignUpError.conflict) { try await remote.signUp(account) }
        }
    }

    @Test func searchesLocationsAndRequestsARide() async throws {
        try await withAPI { api in
            let session = try await RemoteUserAuthService(api: api).signIn(
                email: "johnny@gmail.com", password: "password")
            let rides = RemoteRideService(api: api)
            let pickup = try #require(try await rides.searchLocations("OPERA").first)
            let dropoff = try #require(try await rides.searchLocations("moma").first)
            let option = try #require(try await rides.rideOptions().first { $0.name == "Wallaroo" })
            let ride = try await rides.requestRide(
                RideRequest(pickup: pickup, dropoff: dropoff, option: option), session: session.remoteSession)
            #expect(ride.status == "requested")
            #expect(ride.etaMinutes > 0)
        }
    }

    /// A booking sent again (after a cancel, a timeout, a lost answer) is the same booking: the
    /// backend answers the ride it booked and books no second one.
    @Test func theSameBookingSentAgainIsTheSameRide() async throws {
        try await withAPI { api in
            let session = try await RemoteUserAuthService(api: api).signIn(
                email: "johnny@gmail.com", password: "password")
            let rides = RemoteRideService(api: api)
            let pickup = try #require(try await rides.searchLocations("OPERA").first)
            let dropoff = try #require(try await rides.searchLocations("moma").first)
            let option = try #require(try await rides.rideOptions().first)
            let booking = RideRequest(pickup: pickup, dropoff: dropoff, option: option)
            let first = try await rides.requestRide(booking, session: session.remoteSession)
            let again = try await rides.requestRide(booking, session: session.remoteSession)
            #expect(again == first)
            let another = try await rides.requestRide(
                RideRequest(pickup: pickup, dropoff: dropoff, option: option), session: session.remoteSession)
            #expect(another.id != first.id)
        }
    }

    /// The key of a booking already made, with another drop-off: the backend refuses it, so a
    /// request changed after a lost answer can never book a second ride.
    @Test func theSameKeyWithAnotherRequestIsBookedEarlier() async throws {
        try await withAPI { api in
            let session = try await RemoteUserAuthService(api: api).signIn(
                email: "johnny@gmail.com", password: "password")
            let rides = RemoteRideService(api: api)
            let booking = RideRequest(pickup: operaHouse, dropoff: moma, option: wallaroo)
            _ = try await rides.requestRide(booking, session: session.remoteSession)
            let changed = RideRequest(
                pickup: operaHouse, dropoff: appleStore, option: wallaroo, idempotencyKey: booking.idempotencyKey)
            await #expect(throws: RideError.bookedEarlier) {
                try await rides.requestRide(changed, session: session.remoteSession)
            }
        }
    }

    @Test func anIdempotencyKeyLongerThanDocumentedIsRefused() async throws {
        try await withAPI { api in
            let session = try await RemoteUserAuthService(api: api).signIn(
                email: "johnny@gmail.com", password: "password")
            let request = RideRequest(
                pickup: operaHouse, dropoff: moma, option: wallaroo, idempotencyKey: String(repeating: "k", count: 256))
            await #expect(throws: RideError.rejected(message: "An Idempotency-Key is at most 255 characters.")) {
                try await RemoteRideService(api: api).requestRide(request, session: session.remoteSession)
            }
        }
    }

    @Test func aRejectedTokenIsAnExpiredSession() async throws {
        try await withAPI { api in
            let request = RideRequest(pickup: operaHouse, dropoff: moma, option: wallaroo)
            await #expect(throws: RideError.sessionExpired) {
                try await RemoteRideService(api: api).requestRide(request, session: RemoteUserSession(token: "forged"))
            }
        }
    }
}
