import Networking
import Observation

/// The new-ride screen: the drop-off picker presented over it, a ride option, the request.
@MainActor
@Observable
public final class NewRideViewModel {
    public enum RideState: Equatable, Sendable {
        case choosing
        case requesting
        case waitingForPickup(Ride)
        case failed(RideError)
    }

    public let pickup: Location
    public private(set) var dropoff: Location?
    /// The drop-off picker while it is presented.
    public private(set) var dropoffPicker: DropoffPickerViewModel?
    public private(set) var rideOptions: [RideOption] = []
    public private(set) var selectedOption: RideOption?
    public private(set) var state: RideState = .choosing

    private let session: UserSession
    private let locations: any LocationsService
    private let rides: any RideService
    private let onSessionExpired: @MainActor () -> Void

    /// - Parameter onSessionExpired: called when the backend rejects the session's token, to sign out.
    public init(
        locations: any LocationsService, rides: any RideService, pickup: Location, session: UserSession,
        onSessionExpired: @escaping @MainActor () -> Void
    ) {
        self.pickup = pickup
        self.session = session
        self.locations = locations
        self.rides = rides
        self.onSessionExpired = onSessionExpired
    }

    public var canRequest: Bool {
        dropoff != nil && selectedOption != nil && state != .requesting
    }

    public func loadRideOptions() async {
        do {
            rideOptions = try await locations.rideOptions()
            if selectedOption == nil { selectedOption = rideOptions.first }
        } catch {
            state = .failed(.unavailable(NetworkError(error)))
        }
    }

    /// Presents the drop-off picker.
    public func pickDropoff() {
        dropoffPicker = DropoffPickerViewModel(locations: locations, excluding: pickup)
    }

    /// Dismisses the picker and changes nothing.
    public func cancelDropoff() {
        dropoffPicker = nil
    }

    /// Sets the drop-off and dismisses the picker.
    public func selectDropoff(_ location: Location) {
        dropoff = location
        dropoffPicker = nil
    }

    public func chooseOption(_ option: RideOption) {
        selectedOption = option
    }

    /// Asks for the ride with the session's Bearer token; waits for pickup on success. A rejected
    /// token signs the user out.
    public func requestRide() async {
        guard let dropoff, let option = selectedOption, state != .requesting else { return }
        state = .requesting
        do throws(RideError) {
            let ride = try await rides.requestRide(
                RideRequest(pickup: pickup, dropoff: dropoff, option: option), session: session.remoteSession)
            state = .waitingForPickup(ride)
        } catch {
            state = .failed(error)
            if error == .sessionExpired { onSessionExpired() }
        }
    }
}
