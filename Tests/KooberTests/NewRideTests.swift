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
    /// Options that fail the first time; rides that hang until cancelled, or answer at once. Rides
    /// are booked by key as the backend books them: the same key again is the same ride, with
    /// another request `.bookedEarlier`; a hanging call in `bookedBeforeHanging` was booked before
    /// its answer was lost.
    final class FlakyRides: LocationsService, RideService {
        let failingOptionCalls: Set<Int>
        let optionsHang: Bool
        let hangingCalls: Set<Int>
        let bookedBeforeHanging: Set<Int>
        private let optionCalls = Locked(0)
        private let rideCalls = Locked(0)
        private let keys = Locked<[String]>([])
        private let bookings = Locked<[String: Ride]>([:])

        /// The idempotency key of each ride request, in order.
        var requestKeys: [String] { keys.withLock { $0 } }
        /// How many rides the backend booked.
        var booked: Int { bookings.withLock { $0.count } }

        init(
            failingOptionCalls: Set<Int> = [], optionsHang: Bool = false, hangs: Bool = false,
            hangingCalls: Set<Int> = [], bookedBeforeHanging: Set<Int> = []
        ) {
            self.failingOptionCalls = failingOptionCalls
            self.optionsHang = optionsHang
            self.hangingCalls = hangs ? Set(1...1_000) : hangingCalls
            self.bookedBeforeHanging = bookedBeforeHanging
        }

        convenience init(optionFailures: Int) {
            self.init(failingOptionCalls: Set(1...max(optionFailures, 1)))
        }

        var rides: Int { rideCalls.withLock { $0 } }

        func searchLocations(_ query: String) async throws -> [Location] { [operaHouse, moma] }

        func rideOptions() async throws -> [RideOption] {
            let call = optionCalls.withLock {
                $0 += 1
                return $0
            }
            if failingOptionCalls.contains(call) { throw URLError(.notConnectedToInternet) }
            if optionsHang { try await Task.sleep(for: .seconds(3600)) }
            return [wallabee]
        }

        func requestRide(_ request: RideRequest, session: RemoteUserSession) async throws(RideError) -> Ride {
            let call = rideCalls.withLock {
                $0 += 1
                return $0
            }
            keys.withLock { $0.append(request.idempotencyKey) }
            let hangs = hangingCalls.contains(call)
            if !hangs || bookedBeforeHanging.contains(call) {
                let ride = try book(request, call: call)
                if !hangs { return ride }
            }
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                throw .unavailable(.cancelled)
            }
            return try book(request, call: call)
        }

        private func book(_ request: RideRequest, call: Int) throws(RideError) -> Ride {
            let key = request.idempotencyKey
            let outcome: Result<Ride, RideError> = bookings.withLock { bookings in
                if let booked = bookings[key] {
                    return booked.request == request ? .success(booked) : .failure(.bookedEarlier)
                }
                let ride = Ride(id: "ride-\(call)", status: "requested", etaMinutes: 4, request: request)
                bookings[key] = ride
                return .success(ride)
            }
            return try outcome.get()
        }
    }

    let offline = RideError.unavailable(NetworkError(URLError(.notConnectedToInternet)))

    func makeModel(_ rides: FlakyRides) -> NewRideViewModel {
        NewRideViewModel(locations: rides, rides: rides, pickup: operaHouse, session: johnny, onSessionExpired: {})
    }

    @Test func theOptionsFailInTheirOwnStateAndARetryClearsIt() async {
        let model = makeModel(FlakyRides(optionFailures: 1))
        #expect(model.rideOptionsState == .idle)
        await model.loadRideOptions()
        #expect(model.rideOptionsState.failure == offline)
        #expect(model.state == .choosing)
        await model.loadRideOptions()
        #expect(model.rideOptionsState == .loaded([wallabee]))
        #expect(model.selectedOption == wallabee)
    }

    /// A pull to refresh offline, or a screen's `.task` run again, while the car was on its way
    /// replaced the booked ride with the failure and enabled requesting a second one.
    @Test func aFailedOptionsReloadLeavesTheBookedRideBooked() async {
        let rides = FlakyRides(failingOptionCalls: [2])
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        guard case .waitingForPickup(let ride) = model.state else {
            Issue.record("\(model.state)")
            return
        }
        await model.loadRideOptions()
        #expect(model.state == .waitingForPickup(ride))
        #expect(model.rideOptionsState == .failed(offline, previous: [wallabee]))
        #expect(model.rideOptions == [wallabee])
        #expect(!model.canRequest)
        await model.requestRide()
        #expect(rides.rides == 1)
    }

    @Test func optionsWhileLoadingAreLoadingNotNone() async {
        let rides = FlakyRides(optionsHang: true)
        let model = makeModel(rides)
        let load = Task { await model.loadRideOptions() }
        await waitUntil { model.rideOptionsState.isLoading }
        #expect(model.rideOptionsState == .loading(previous: nil))
        load.cancel()
        await load.value
        #expect(model.rideOptionsState == .idle)
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

    /// A request cancelled (or lost) may have been booked: sending it again is the same booking,
    /// so the backend answers that ride instead of booking a second. A new drop-off, or a ride
    /// confirmed, is a new booking.
    @Test func aRequestSentAgainAfterACancelIsTheSameBooking() async {
        let rides = FlakyRides(hangs: true)
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        for attempt in 1...3 {
            if attempt == 3 {
                model.selectDropoff(operaHouse)
                model.selectDropoff(moma)
            }
            let request = Task { await model.requestRide() }
            // The service is called once the request is under way (it then hangs until cancelled).
            for _ in 0..<1_000_000 where rides.requestKeys.count < attempt { await Task.yield() }
            model.cancelRequest()
            await request.value
        }
        #expect(Set(rides.requestKeys).count == 1, "one booking until a ride is confirmed, whatever changed")
        #expect(rides.requestKeys.count == 3)
    }

    /// A request cancelled after the backend booked it, then changed: a new key booked a second
    /// ride. The backend refuses the changed request under the same key, and the model asks for
    /// the first again and shows the ride that was booked.
    @Test func aRequestChangedAfterABookedCancelShowsTheBookedRideAndBooksNoOther() async {
        let rides = FlakyRides(hangingCalls: [1], bookedBeforeHanging: [1])
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        let first = Task { await model.requestRide() }
        for _ in 0..<1_000_000 where rides.requestKeys.isEmpty { await Task.yield() }
        model.cancelRequest()
        await first.value
        #expect(model.state == .choosing)
        #expect(model.mayHaveBooked, "a screen can say the last request may have gone through")
        model.selectDropoff(appleStore)
        await model.requestRide()
        #expect(model.isEarlierBooking)
        #expect(!model.mayHaveBooked)
        guard case .waitingForPickup(let ride) = model.state else {
            Issue.record("\(model.state)")
            return
        }
        #expect(ride.request.dropoff == moma, "the ride that was booked")
        #expect(model.dropoff == moma, "the screen shows what was booked")
        #expect(rides.booked == 1)
        #expect(rides.requestKeys.count == 3, "the changed request, then the first again")
    }

    /// Request 1 booked and its answer lost, request 2 (another drop-off) cancelled before its
    /// refusal came: every request after ended in bookedEarlier and the booked ride never showed.
    @Test func everyRequestWhoseAnswerWasLostIsAskedForAgainUntilTheBookedOneAnswers() async {
        let rides = FlakyRides(hangingCalls: [1, 2], bookedBeforeHanging: [1])
        let model = makeModel(rides)
        await model.loadRideOptions()
        for (attempt, dropoff) in [moma, appleStore].enumerated() {
            model.selectDropoff(dropoff)
            let request = Task { await model.requestRide() }
            for _ in 0..<1_000_000 where rides.requestKeys.count <= attempt { await Task.yield() }
            model.cancelRequest()
            await request.value
        }
        model.selectDropoff(operaHouse)
        await model.requestRide()
        guard case .waitingForPickup(let ride) = model.state else {
            Issue.record("\(model.state)")
            return
        }
        #expect(ride.request.dropoff == moma, "the one the backend booked")
        #expect(model.isEarlierBooking)
        #expect(rides.booked == 1)
    }

    /// The drop-off and option changed while a ride was requested or booked, so the screen showed
    /// a ride other than the one booked.
    @Test func aBookedRideCannotBeChangedUnderneath() async {
        let model = makeModel(FlakyRides())
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        #expect(!model.canChangeRide)
        model.selectDropoff(operaHouse)
        model.pickDropoff()
        model.chooseOption(RideOption(id: "kangaroo", name: "Kangaroo", seats: 2, baseFarePence: 1_500))
        #expect(model.dropoff == moma)
        #expect(model.dropoffPicker == nil)
        #expect(model.selectedOption == wallabee)
        model.startAnotherRide()
        #expect(model.canChangeRide)
        model.selectDropoff(moma)
        #expect(model.dropoff == moma)
    }

    /// A reload after the backend stopped offering the chosen option kept it chosen.
    @Test func anOptionNoLongerOfferedIsNotKeptChosen() async {
        let model = makeModel(FlakyRides())
        await model.loadRideOptions()
        let gone = RideOption(id: "kangaroo", name: "Kangaroo", seats: 2, baseFarePence: 1_500)
        model.chooseOption(gone)
        await model.loadRideOptions()
        #expect(model.selectedOption == wallabee)
    }

    @Test func aConfirmedRideEndsTheBooking() async {
        let rides = FlakyRides()
        let model = makeModel(rides)
        await model.loadRideOptions()
        model.selectDropoff(moma)
        await model.requestRide()
        model.startAnotherRide()
        model.selectDropoff(moma)
        await model.requestRide()
        let keys = rides.requestKeys
        #expect(keys.count == 2 && keys[0] != keys[1])
    }

    @Test func thePreviewServiceCanHoldARequestInFlightUntilItIsCancelled() async {
        let service = PreviewKooberService.stillRequesting
        let model = NewRideViewModel(
            locations: service, rides: service, pickup: PreviewKooberService.places[0],
            session: PreviewKooberService.session, onSessionExpired: {})
        await model.loadRideOptions()
        model.selectDropoff(PreviewKooberService.places[1])
        let request = Task { await model.requestRide() }
        await waitUntil { model.state == .requesting }
        model.cancelRequest()
        await request.value
        #expect(model.state == .choosing)
    }

    @Test func thePreviewServiceCanKeepTheOptionsLoading() async {
        let service = PreviewKooberService.stillLoading
        let model = NewRideViewModel(
            locations: service, rides: service, pickup: PreviewKooberService.places[0],
            session: PreviewKooberService.session, onSessionExpired: {})
        let load = Task { await model.loadRideOptions() }
        await waitUntil { model.rideOptionsState.isLoading }
        load.cancel()
        await load.value
        #expect(model.rideOptionsState == .idle)
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

    /// A retry of the same text showed the old error and no "Searching…" until it answered.
    @Test func aRetryShowsItIsSearchingAndNoOldError() async {
        final class FailingOnce: LocationsService {
            let calls = Locked(0)
            let (gate, open) = AsyncStream.makeStream(of: Void.self)
            func searchLocations(_ query: String) async throws -> [Location] {
                let call = calls.withLock {
                    $0 += 1
                    return $0
                }
                if call == 1 { throw URLError(.notConnectedToInternet) }
                for await _ in gate {}
                return [moma]
            }
            func rideOptions() async throws -> [RideOption] { [] }
        }
        let places = FailingOnce()
        let picker = DropoffPickerViewModel(locations: places, excluding: operaHouse)
        await picker.search("mo")
        #expect(picker.error != nil)
        let retry = Task { await picker.retry() }
        await waitUntil { picker.isSearching }
        #expect(picker.error == nil)
        places.open.finish()
        await retry.value
        #expect(!picker.isSearching)
        #expect(picker.results == [moma])
    }

    @Test func thePickerCanBeMadeOnItsOwn() async {
        let picker = DropoffPickerViewModel(locations: FlakyRides(), excluding: operaHouse)
        await picker.search("")
        #expect(picker.results == [moma])
    }
}
