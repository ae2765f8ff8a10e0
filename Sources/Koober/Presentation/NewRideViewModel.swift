import Networking
import Observation

/// The new-ride screen: the drop-off picker presented over it, a ride option, the request.
///
/// ``dropoffPicker`` is settable, so a sheet binds to it and a swipe-down dismisses it as
/// ``cancelDropoff()`` does:
///
/// ```swift
/// Button("Where to?", action: ride.pickDropoff)
///     .sheet(item: $ride.dropoffPicker) { picker in
///         DropoffPicker(picker: picker, select: ride.selectDropoff)
///     }
/// ```
@MainActor
@Observable
public final class NewRideViewModel {
    /// Where the request stands.
    public enum RideState: Equatable, Sendable {
        /// Picking a drop-off and an option; nothing requested yet.
        case choosing
        /// The request is in flight.
        case requesting
        /// The backend confirmed the ride; the car is on its way.
        case waitingForPickup(Ride)
        /// The request failed; the user may request again. (Loading the options fails in
        /// ``NewRideViewModel/rideOptionsState``, never here.)
        case failed(RideError)
    }

    /// Where the ride starts.
    public let pickup: Location
    /// Where it ends, once picked.
    public private(set) var dropoff: Location?
    /// The drop-off picker while it is presented: ``pickDropoff()`` sets it; setting it to `nil`
    /// (a sheet swiped down) dismisses it and changes nothing, as ``cancelDropoff()`` does.
    public var dropoffPicker: DropoffPickerViewModel?
    /// The kinds of ride on offer: `.idle` until ``loadRideOptions()``, then loading, loaded, or
    /// failed with the options loaded before still in it (a retry button calls
    /// ``loadRideOptions()`` again). Nothing that happens to the options changes ``state``: a
    /// booked ride stays booked when a reload fails.
    ///
    /// ```swift
    /// if let error = ride.rideOptionsState.failure {
    ///     Button("Try again") { Task { await ride.loadRideOptions() } }
    /// }
    /// ```
    public private(set) var rideOptionsState: LoadState<[RideOption], RideError> = .idle
    /// The kinds of ride on offer: the last ones loaded, or none yet.
    public var rideOptions: [RideOption] { rideOptionsState.value ?? [] }
    /// The chosen kind of ride; the first on offer until the user picks another. Settable, so a
    /// `Picker` binds it (`$ride.selectedOption`): setting it is ``chooseOption(_:)``, which does
    /// nothing unless ``canChangeRide``, and `nil` is never chosen.
    public var selectedOption: RideOption? {
        get { chosenOption }
        set { if let newValue { chooseOption(newValue) } }
    }
    private var chosenOption: RideOption?
    /// Where the request stands.
    public private(set) var state: RideState = .choosing

    private let session: UserSession
    private let locations: any LocationsService
    private let rides: any RideService
    private let onSessionExpired: @MainActor () -> Void
    private let clock: any Clock<Duration>
    @ObservationIgnored private let submission = Submission()
    @ObservationIgnored private let optionLoads = Loads()
    /// The booking the next request is: kept until a ride is confirmed, whatever changes, so a
    /// request sent after a cancel or a failure books no second ride if the backend had booked
    /// the first.
    @ObservationIgnored private var bookingKey = UUID().uuidString
    /// The requests sent under ``bookingKey`` whose outcome is unknown (cancelled, timed out,
    /// their answer lost), latest first: the backend may have booked one. When it did, another
    /// request under the key is refused (``RideError/bookedEarlier``) and these are sent again,
    /// latest first, until one answers with its ride.
    private var unconfirmed: [RideRequest] = []

    /// Whether a request was cancelled or lost after it was sent, so the backend may have booked
    /// it: the next request shows that ride if it did, rather than book another. A screen says
    /// so beside the Request button ("Your last request may have gone through").
    public var mayHaveBooked: Bool { !unconfirmed.isEmpty }

    /// Whether the ride shown was booked by an earlier request (one cancelled or lost), not by
    /// the one just sent: its drop-off and option, which ``dropoff`` and ``selectedOption`` now
    /// show, are that request's. A screen tells the user the ride is the one they asked for first.
    public private(set) var isEarlierBooking = false

    /// Creates a ``NewRideViewModel``.
    ///
    /// ```swift
    /// let newRide = NewRideViewModel(
    ///     locations: rides, rides: rides, pickup: here, session: session,
    ///     onSessionExpired: { app.signOut() })
    /// await newRide.loadRideOptions()
    /// ```
    ///
    /// - Parameters:
    ///   - locations: where places and ride options come from.
    ///   - rides: where rides are requested; ``RemoteRideService`` is both.
    ///   - pickup: where the ride starts.
    ///   - session: the signed-in user, whose token authorises the request.
    ///   - onSessionExpired: called when the backend rejects the session's token, to sign out.
    ///   - clock: what the drop-off picker's pause in typing sleeps on; tests inject one.
    public init(
        locations: any LocationsService, rides: any RideService, pickup: Location, session: UserSession,
        onSessionExpired: @escaping @MainActor () -> Void, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.clock = clock
        self.pickup = pickup
        self.session = session
        self.locations = locations
        self.rides = rides
        self.onSessionExpired = onSessionExpired
    }

    /// Whether the request button is enabled: a drop-off and an option are chosen, no request is
    /// in flight and no ride is booked already (a second tap never books a second ride).
    public var canRequest: Bool {
        guard dropoff != nil, selectedOption != nil else { return false }
        switch state {
        case .choosing, .failed: return true
        case .requesting, .waitingForPickup: return false
        }
    }

    /// Loads the ride options into ``rideOptionsState`` and preselects the first unless one still
    /// offered is chosen. A reload keeps the options shown, a failure keeps them too, and a load cancelled with
    /// its task puts back what it replaced; ``state`` (a booked ride) is never touched.
    public func loadRideOptions() async {
        await optionLoads.run(\.rideOptionsState, on: self, failure: { .unavailable(NetworkError($0)) }) {
            [locations] in try await locations.rideOptions().firstOfEachID()
        }
        // The first on offer until the user picks another, and again when the one picked is no
        // longer offered (a reload after the backend changed them).
        guard canChangeRide else { return }
        let kept = selectedOption.flatMap { selected in rideOptions.first { $0.id == selected.id } }
        chosenOption = kept ?? rideOptions.first
    }

    /// Whether the drop-off and the option can change: not while a request is in flight or a ride
    /// is booked (the screen would show a ride other than the one booked).
    public var canChangeRide: Bool {
        switch state {
        case .choosing, .failed: true
        case .requesting, .waitingForPickup: false
        }
    }

    /// Presents the drop-off picker; does nothing unless ``canChangeRide``.
    public func pickDropoff() {
        guard canChangeRide else { return }
        dropoffPicker = DropoffPickerViewModel(locations: locations, excluding: pickup, clock: clock)
    }

    /// Dismisses the picker and changes nothing.
    public func cancelDropoff() {
        dropoffPicker = nil
    }

    /// Sets the drop-off and dismisses the picker; does nothing unless ``canChangeRide``.
    public func selectDropoff(_ location: Location) {
        guard canChangeRide else {
            dropoffPicker = nil
            return
        }
        dropoff = location
        dropoffPicker = nil
    }

    /// Chooses the kind of ride; does nothing unless ``canChangeRide``.
    public func chooseOption(_ option: RideOption) {
        guard canChangeRide else { return }
        chosenOption = option
    }

    /// Asks for the ride with the session's Bearer token and returns when the request has ended;
    /// waits for pickup on success. Every request until a ride is confirmed is the same booking
    /// (``RideRequest/idempotencyKey``), so a request cancelled or lost in flight is never booked
    /// twice: sent again, the backend answers the ride it booked; changed (another drop-off or
    /// option) after the backend booked the first, the backend refuses it and the model asks for
    /// the first again, and shows the ride that was booked, its drop-off and option with it. A
    /// rejected token signs the user out. Does nothing unless ``canRequest``. Cancelling the
    /// calling task, or ``cancelRequest()``, cancels the request and goes back to `.choosing`.
    public func requestRide() async {
        guard canRequest, let dropoff, let option = selectedOption else { return }
        state = .requesting
        var rideRequest = RideRequest(pickup: pickup, dropoff: dropoff, option: option, idempotencyKey: bookingKey)
        isEarlierBooking = false
        var result = await send(rideRequest)
        var askedForEarlier = false
        // The key booked one of the requests sent before: ask for each until one is that one.
        let asked = rideRequest
        for earlier in unconfirmed where earlier != asked {
            guard case .failure(.bookedEarlier) = result else { break }
            (rideRequest, askedForEarlier) = (earlier, true)
            result = await send(earlier)
        }
        switch result {
        case .success(let ride):
            isEarlierBooking = askedForEarlier
            state = .waitingForPickup(ride)
            (self.dropoff, chosenOption) = (ride.request.dropoff, ride.request.option)
            bookingKey = UUID().uuidString
            unconfirmed = []
        case nil:
            keepUnconfirmed(rideRequest)
            state = .choosing
        case .failure(let error):
            if case .unavailable = error { keepUnconfirmed(rideRequest) }
            state = .failed(error)
            if error == .sessionExpired { onSessionExpired() }
        }
    }

    /// Remembers `request` as one the backend may have booked, latest first, once.
    private func keepUnconfirmed(_ request: RideRequest) {
        unconfirmed.removeAll { $0 == request }
        unconfirmed.insert(request, at: 0)
    }

    /// Sends `request`; `nil` when it was cancelled.
    private func send(_ request: RideRequest) async -> Result<Ride, RideError>? {
        await submission.run { [rides, session] () throws(RideError) in
            try await rides.requestRide(request, session: session.remoteSession)
        }
    }

    /// After a ride was confirmed, starts on the next one from the same pickup: no drop-off yet,
    /// the same ride option, ``state`` `.choosing`. Does nothing while a request is in flight.
    public func startAnotherRide() {
        guard case .waitingForPickup = state else { return }
        dropoff = nil
        isEarlierBooking = false
        state = .choosing
    }

    /// Cancels the request in flight, if any: ``state`` goes back to `.choosing`.
    public func cancelRequest() {
        submission.cancel()
    }
}
