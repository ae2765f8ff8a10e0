import AppsCore
import Foundation
import Koober
import Observation
import TestSupport
import Testing

/// The new-ride screen as an app drives it: public API only.
@Suite("New ride, from an app's side", .timeLimit(.minutes(1)))
@MainActor
struct NewRideFromAnAppTests {
    /// Options that fail the first time; rides that hang until cancelled, or answer at once.
    final class FlakyRides: LocationsService, RideService {
        let optionFailures: Int
        let hangs: Bool
        private let optionCalls = Locked(0)
        private let rideCalls = Locked(0)

        init(optionFailures: Int = 0, hangs: Bool = false) {
            self.optionFailures = optionFailures
            self.hangs = hangs
        }

        var rides: Int { rideCalls.withLock { $0 } }

        func searchLocations(_ query: String) async throws -> [Location] { [operaHouse, moma] }

        func rideOptions() async throws -> [RideOption] {
            let call = optionCalls.withLock {
                $0 += 1
                return $0
            }
            if call <= optionFailures { throw URLError(.notConnectedToInternet) }
            return [wallabee]
        }

        func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
            rideCalls.withLock { $0 += 1 }
            if hangs {
                do {
                    try await Task.sleep(for: .seconds(3600))
                } catch {
                    throw .unavailable(.cancelled)
                }
            }
            return Ride(id: "ride-\(rides)", status: "requested", etaMinutes: 4, request: request)
        }
    }

    func makeModel(_ rides: FlakyRides) -> NewRideViewModel {
        NewRideViewModel(locations: rides, rides: rides, pickup: operaHouse, session: johnny, onSessionExpired: {})
    }

    @Test func aSuccessfulRetryOfTheOptionsClearsTheFailure() async {
        let model = makeModel(FlakyRides(optionFailures: 1))
        await model.loadRideOptions()
        guard case .failed(.unavailable) = model.state else {
            Issue.record("\(model.state)")
            return
        }
        await model.loadRideOptions()
        #expect(model.state == .choosing)
        #expect(model.selectedOption == wallabee)
    }

    @Test func aBookedRideIsNotBookedAgainByASecondTap() async {
        let rides = FlakyRides()
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        #expect(!model.canRequest)
        await model.requestRide()
        #expect(rides.rides == 1)
    }

    @Test func aTapWhileRequestingBooksNothingMore() async {
        let rides = FlakyRides(hangs: true)
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        let first = Task { await model.requestRide() }
        await waitUntil { model.state == .requesting }
        #expect(!model.canRequest)
        await model.requestRide()  // returns at once
        model.cancelRequest()
        await first.value
        #expect(rides.rides == 1)
    }

    @Test func cancellingARequestGoesBackToChoosing() async {
        let model = makeModel(FlakyRides(hangs: true))
        await model.loadRideOptions()
        model.selectDropoff(moma)
        let request = Task { await model.requestRide() }
        await waitUntil { model.state == .requesting }
        model.cancelRequest()
        await request.value
        #expect(model.state == .choosing)
        #expect(model.canRequest)
    }

    @Test func cancellingTheCallersTaskCancelsTheRequest() async {
        let model = makeModel(FlakyRides(hangs: true))
        await model.loadRideOptions()
        model.selectDropoff(moma)
        let request = Task { await model.requestRide() }
        await waitUntil { model.state == .requesting }
        request.cancel()
        await request.value
        #expect(model.state == .choosing)
    }

    /// A search whose task SwiftUI cancelled showed "cancelled" as the picker's error.
    @Test func aCancelledSearchIsNoError() async {
        struct HangingPlaces: LocationsService {
            func searchLocations(_ query: String) async throws -> [Location] {
                try await Task.sleep(for: .seconds(3600))
                return []
            }
            func rideOptions() async throws -> [RideOption] { [] }
        }
        let picker = DropoffPickerViewModel(locations: HangingPlaces(), excluding: operaHouse)
        let search = Task { await picker.search("bo") }
        await waitUntil { picker.query == "bo" }
        search.cancel()
        await search.value
        #expect(picker.error == nil)
    }

    @Test func thePickerCanBeMadeOnItsOwn() async {
        let picker = DropoffPickerViewModel(locations: FlakyRides(), excluding: operaHouse)
        await picker.search("")
        #expect(picker.results == [moma])
    }
}
